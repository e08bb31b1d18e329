package clientagent

// Newer reports whether update (epoch, version) comes after the last applied
// (lastEpoch, lastVersion). Updates are ordered by epoch first (the controller
// instance; it grows across controller restarts), then by version.
func Newer(epoch, version, lastEpoch, lastVersion uint64) bool {
	if epoch != lastEpoch {
		return epoch > lastEpoch
	}
	return version > lastVersion
}
