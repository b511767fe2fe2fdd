// Package profiles owns members' public profiles: their fields, photos,
// what others may see of them, blocking, invisible mode and complaints.
package profiles
