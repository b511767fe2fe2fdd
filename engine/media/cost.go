package media

import (
	"context"
	"fmt"
	"runtime"
	"slices"
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
	// DecodeCPU is what the standard full-size decode alone (image/jpeg,
	// image/png or WebP's decoder) takes of CPU, measured in the same run:
	// the baseline, which a loaded machine raises as much as the rest.
	// Processing decodes a JPEG at a reduced scale (jpegscale) instead, so
	// for a large JPEG the whole of it costs less than this.
	DecodeCPU time.Duration
	// VsDecode is processing's CPU over the decode's, each round's pair
	// taken together (the two run back to back, under the same load) and
	// the median of the rounds taken: a ratio that a loaded machine moves
	// less than the ratio of the two minima, which may come from rounds of
	// different load.
	VsDecode float64
}

// MeasureCost processes data n times and decodes it n times, alternating,
// and returns the cheapest of each: the CPU time of a shared machine only
// ever adds to the work (other processes, frequency changes, a collection
// started by the previous round), so the minimum is the figure that repeats
// from run to run, where a mean of a few moves by a third.
func (p *Processor) MeasureCost(ctx context.Context, data []byte, n int) (UploadCost, error) {
	if n <= 0 {
		n = 1
	}
	decode := decoderOf(Sniff(data))
	if decode == nil {
		return UploadCost{}, ErrNotImage
	}
	process := func() error {
		_, err := p.Process(ctx, data)
		return err
	}
	decodeOnly := func() error {
		_, err := decode(data)
		return err
	}
	// One run first, so one-time set-up (tables, pools) is not counted.
	if err := process(); err != nil {
		return UploadCost{}, fmt.Errorf("media: measure: %w", err)
	}
	var cost UploadCost
	ratios := make([]float64, 0, n)
	for i := range n {
		cpu, alloc, err := measureOnce(process)
		if err != nil {
			return UploadCost{}, fmt.Errorf("media: measure: %w", err)
		}
		decodeCPU, _, err := measureOnce(decodeOnly)
		if err != nil {
			return UploadCost{}, fmt.Errorf("media: measure decode: %w", err)
		}
		if decodeCPU > 0 {
			ratios = append(ratios, float64(cpu)/float64(decodeCPU))
		}
		if i == 0 || cpu < cost.CPU {
			cost.CPU = cpu
		}
		if i == 0 || decodeCPU < cost.DecodeCPU {
			cost.DecodeCPU = decodeCPU
		}
		if i == 0 || alloc < cost.AllocBytes {
			cost.AllocBytes = alloc
		}
	}
	if len(ratios) > 0 {
		slices.Sort(ratios)
		cost.VsDecode = ratios[len(ratios)/2]
	}
	return cost, nil
}

// measureOnce runs work once after a full collection, so the previous
// round's garbage is not collected on its account, and returns the
// process's CPU time and the heap it allocated meanwhile.
func measureOnce(work func() error) (time.Duration, int64, error) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0, err := processCPU()
	if err != nil {
		return 0, 0, err
	}
	if err := work(); err != nil {
		return 0, 0, err
	}
	cpu1, err := processCPU()
	if err != nil {
		return 0, 0, err
	}
	runtime.ReadMemStats(&after)
	return cpu1 - cpu0, int64(after.TotalAlloc - before.TotalAlloc), nil
}

// processCPU is the CPU time the process has used so far.
func processCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("media: getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// The targets of processing a 12-megapixel photo: CPU time, and the memory of
// one upload in flight.
const (
	TargetCPU12MP        = 150 * time.Millisecond
	TargetBytesPerUpload = 60_000_000
)
