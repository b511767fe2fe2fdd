package media

import (
	"context"
	"fmt"
	"runtime"
	"syscall"
	"time"
)

// UploadCost is what processing one upload costs, as the photo benchmark
// and its regression test measure it.
type UploadCost struct {
	// CPU is the process's CPU time (user and system, every thread: the
	// garbage collector's work counts too) per upload.
	CPU time.Duration
	// AllocBytes is the heap allocated per upload. Everything an upload
	// holds at its peak was allocated by it, so this is an upper bound of
	// the memory one upload in flight takes, and unlike a sampled peak it
	// does not depend on when the collector happens to run.
	AllocBytes int64
	// DecodeCPU is what decoding alone (image/jpeg, image/png or WebP's
	// decoder) takes of CPU, measured in the same run: the floor processing
	// cannot go under, which a loaded machine raises as much as the rest.
	DecodeCPU time.Duration
}

// MeasureCost processes data n times, one after another, and returns the
// cost of one. It measures the whole process, so nothing else should run
// meanwhile.
func (p *Processor) MeasureCost(ctx context.Context, data []byte, n int) (UploadCost, error) {
	if n <= 0 {
		n = 1
	}
	// One run first, so one-time set-up (tables, pools) is not counted.
	if _, err := p.Process(ctx, data); err != nil {
		return UploadCost{}, fmt.Errorf("media: measure: %w", err)
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0, err := processCPU()
	if err != nil {
		return UploadCost{}, err
	}
	for range n {
		if _, err := p.Process(ctx, data); err != nil {
			return UploadCost{}, fmt.Errorf("media: measure: %w", err)
		}
	}
	cpu1, err := processCPU()
	if err != nil {
		return UploadCost{}, err
	}
	runtime.ReadMemStats(&after)
	cost := UploadCost{
		CPU:        (cpu1 - cpu0) / time.Duration(n),
		AllocBytes: int64(after.TotalAlloc-before.TotalAlloc) / int64(n),
	}
	decode := decoderOf(Sniff(data))
	if decode == nil {
		return UploadCost{}, ErrNotImage
	}
	runtime.GC()
	if cpu0, err = processCPU(); err != nil {
		return UploadCost{}, err
	}
	for range n {
		if _, err := decode(data); err != nil {
			return UploadCost{}, fmt.Errorf("media: measure decode: %w", err)
		}
	}
	if cpu1, err = processCPU(); err != nil {
		return UploadCost{}, err
	}
	cost.DecodeCPU = (cpu1 - cpu0) / time.Duration(n)
	return cost, nil
}

// processCPU is the CPU time the process has used so far.
func processCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("media: getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// The targets of processing a 12-megapixel photo (issue 17): CPU time, and
// the memory of one upload in flight.
const (
	TargetCPU12MP        = 150 * time.Millisecond
	TargetBytesPerUpload = 60_000_000
)
