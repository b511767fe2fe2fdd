// Package livetest helps tests wait for what the live hub records.
package livetest
