package cell

import (
	"fmt"
	"net/netip"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
)

// DefaultQueueLimit is a UE queue's limit in packets when none is given.
const DefaultQueueLimit = 1000

// UEConfig describes one UE served by the cell.
type UEConfig struct {
	ID      string
	IPs     []netip.Addr
	Channel channel.Model
	// QueueLimit in packets; 0 means DefaultQueueLimit.
	QueueLimit int
}

// Config describes the cell.
type Config struct {
	ENBID string
	// PeakRateBps is the nominal cell capacity reported in metrics.
	PeakRateBps float64
	UEs         []UEConfig
}

func (c Config) validate() error {
	if c.ENBID == "" {
		return fmt.Errorf("enb_id: empty")
	}
	if len(c.UEs) == 0 {
		return fmt.Errorf("ues: none configured")
	}
	ips := map[netip.Addr]string{}
	for i, u := range c.UEs {
		if u.Channel == nil {
			return fmt.Errorf("ues[%d].channel: missing", i)
		}
		if u.QueueLimit < 0 {
			return fmt.Errorf("ues[%d].queue_limit: %d < 0", i, u.QueueLimit)
		}
		for _, ip := range u.IPs {
			if o, dup := ips[ip]; dup {
				return fmt.Errorf("ues[%d].ips: %v already belongs to %s", i, ip, o)
			}
			ips[ip] = u.ID
		}
	}
	return nil
}
