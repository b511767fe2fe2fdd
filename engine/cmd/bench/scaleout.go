package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ceilingShare is the share of the measured two-instance ceiling at which
// delivery across instances is timed (its p99 target: 100 ms).
const ceilingShare = 0.8

// scaleoutBenches measures the cost of scaling out (config/README.md,
// Scale-out): a second engine process on the same database, the message sends
// split over both instances, and live delivery with every sender on the
// first instance and every receiver's stream on the second, so each event
// crosses instances through PostgreSQL's NOTIFY. oneRate is the send rate
// of the one-instance run, for the ratio; 0 (-only scaleout) prints none.
func scaleoutBenches(binary, dir, firstAddr, dbURL string, d time.Duration, oneRate float64) error {
	secondAddr, err := freeAddr()
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "bench: starting a second engine on", secondAddr, "(same database)")
	second := engineCommand(binary, secondAddr, filepath.Join(dir, "data-second"), dbURL)
	if err := second.Start(); err != nil {
		return fmt.Errorf("start the second engine: %w", err)
	}
	defer stopProcess(second)
	if err := waitHealthy(secondAddr); err != nil {
		return err
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	fmt.Fprintln(os.Stderr, "bench: making the two-instance chat members")
	// Logged in on the first instance; the session is valid on both.
	senders, recipients, err := chatMembers(ctx, pool, firstAddr, "scale", chatSenders)
	if err != nil {
		return err
	}

	half := len(senders) / 2
	fmt.Fprintf(os.Stderr, "bench: messages.php through two instances, %d senders on each, %s\n", half, d)
	var wg sync.WaitGroup
	rates := make([]float64, 2)
	errs := make([]error, 2)
	for i, part := range []struct {
		addr     string
		from, to []benchMember
	}{{firstAddr, senders[:half], recipients[:half]}, {secondAddr, senders[half:], recipients[half:]}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rates[i], errs[i] = sendLoad(part.addr, part.from, part.to, d, nil)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	rate := rates[0] + rates[1]
	fmt.Printf("bench scaleout_messages_per_second %.0f msg/s\n", rate)
	if oneRate > 0 {
		fmt.Printf("bench scaleout_messages_vs_one_instance %.3f ratio\n", rate/oneRate)
	}

	// Delivery across instances, sent to the first and streamed by the
	// second, at ceilingShare of the rate the two instances just accepted
	// at most: a rate the machine sustains, so the latency is the live
	// path's and the sends', not a queue's.
	at := ceilingShare * rate
	fmt.Printf("bench scaleout_ceiling %.0f msg/s\n", rate)
	fmt.Printf("bench scaleout_ceiling_share_rate %.0f msg/s\n", at)
	fmt.Fprintf(os.Stderr, "bench: scaleout delivery latency at %.0f%% of the ceiling, %.0f msg/s\n", ceilingShare*100, at)
	r, err := deliveryLatencyVia(firstAddr, secondAddr, senders[:latencyPairs], recipients[:latencyPairs], d, at)
	if err != nil {
		return err
	}
	r.print("scaleout_delivery_at_ceiling_share")
	// The live path alone at the offered rate, streams on the second.
	if err := livePath("scaleout", dbURL, secondAddr, senders[:latencyPairs], recipients[:latencyPairs], d, deliveryRate); err != nil {
		return err
	}
	return nil
}
