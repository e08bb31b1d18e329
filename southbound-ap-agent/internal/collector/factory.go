package collector

import (
	"time"

	"github.com/vishvananda/netns"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/config"
)

// FromConfig builds the sources a validated configuration names: one queue
// collector per qdisc or mac80211-txq queue, one eNB collector for every
// queue of source enb together, and the station source (nl80211, enb or none).
func FromConfig(cfg config.Config) (queues, stations []Collector, err error) {
	if queues, err = queuesFromConfig(cfg); err != nil {
		return nil, nil, err
	}
	if stations, err = stationsFromConfig(cfg); err != nil {
		return nil, nil, err
	}
	return queues, stations, nil
}

func queuesFromConfig(cfg config.Config) ([]Collector, error) {
	var queues []Collector
	var enbDirs []Direction
	for _, q := range cfg.Queues {
		d, err := ParseDirection(q.Direction)
		if err != nil {
			return nil, err
		}
		var c Collector
		switch q.Source {
		case "qdisc":
			c, err = NewQdisc(d, q.Interface, netns.None())
		case "mac80211-txq":
			c, err = NewTXQ(d, q.Interface)
		case "enb":
			enbDirs = append(enbDirs, d)
			continue
		default:
			continue
		}
		if err != nil {
			return nil, err
		}
		queues = append(queues, c)
	}
	if len(enbDirs) > 0 {
		c, err := enbFromConfig(cfg.ENB, enbDirs)
		if err != nil {
			return nil, err
		}
		queues = append(queues, c)
	}
	return queues, nil
}

func stationsFromConfig(cfg config.Config) ([]Collector, error) {
	var c Collector
	var err error
	switch cfg.Stations.Source {
	case "nl80211":
		c, err = NewStations(cfg.Stations.Interface)
	case "enb":
		c, err = enbFromConfig(cfg.ENB, nil)
	default:
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return []Collector{c}, nil
}

// enbFromConfig reads the eNB document from its URL, or its file when no URL is set.
func enbFromConfig(e config.ENB, dirs []Direction) (*ENB, error) {
	source := e.URL
	if source == "" {
		source = e.File
	}
	return NewENB(source, dirs, time.Duration(e.TimeoutMs)*time.Millisecond, time.Duration(e.MaxAgeMs)*time.Millisecond)
}
