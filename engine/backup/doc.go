// Package backup saves and restores an embedded installation: the database
// of the private PostgreSQL cluster and the photos of the local media
// folder, both under the data directory, in one tar archive. Production
// setups with their own PostgreSQL and S3 back those up with their own tools
// (config/README.md, Backups).
//
// A backup is consistent while the engine runs. The database comes from
// pg_dump, one snapshot. A blob's file is stored before the transaction that
// records it (and its media reference) commits, keys are never reused and
// files never change, so every key the snapshot holds has its file on disk
// when the snapshot is taken. Files are deleted only by the media deletion
// job, which the backup pauses (media.PauseDeletes) from before the
// snapshot until it has copied the media folder a second time; the first
// copy, before the dump, takes most of the files while deletions still
// run. So every file the dump refers to is in the archive, which the backup
// checks against the keys the snapshot holds. Files of photos added after
// the snapshot come along too; no row refers to them after a restore.
package backup
