// Package policysvc serves mpsdn.enb.v1.EnbPolicy for a cell: it converts the
// protobuf policy and split configuration to the cell's types, validates them
// (INVALID_ARGUMENT naming the field, FAILED_PRECONDITION for unknown UEs and
// stale or conflicting versions, PERMISSION_DENIED for another eNB's id) and
// makes Set calls idempotent: the installed version with the same content is
// accepted again with changed = false.
package policysvc
