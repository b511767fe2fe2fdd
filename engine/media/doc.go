// Package media keeps the engine's blobs (members' photos) and turns uploads
// into safe images. Blobs live behind one Store interface with two
// implementations: a directory on local disk (the default, under --data) and
// an S3-compatible bucket through minio-go. The engine serves both at
// /media/<key>, so URLs are the same whichever store is in use and a CDN
// (the tenant's cdn_prefix) can sit in front of either.
package media
