package clientagent

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// State is what the agent last applied; it survives agent restarts so that a
// reconnect resumes from it and a stale update is never re-applied.
type State struct {
	Epoch   uint64   `json:"epoch"`
	Version uint64   `json:"version"`
	Weights []Weight `json:"weights"`
}

// LoadState reads the state file; a missing file is the zero state.
func LoadState(path string) (State, error) {
	var st State
	if path == "" {
		return st, nil
	}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return State{}, fmt.Errorf("state file %s: %w", path, err)
	}
	return st, nil
}

// SaveState writes the state file atomically.
func SaveState(path string, st State) error {
	if path == "" {
		return nil
	}
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".state-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
