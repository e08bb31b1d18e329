package main

import (
	"net"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

type netConn = net.Conn

// dialIn opens a TCP connection from inside ns (the agent listens on the
// namespace's loopback).
func dialIn(ns *testutil.NS, addr string) (net.Conn, error) {
	var c net.Conn
	err := ns.Do(func() error {
		var e error
		c, e = net.Dial("tcp", addr)
		return e
	})
	return c, err
}
