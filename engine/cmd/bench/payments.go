package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The payments benchmark: orders completed per second through the whole
// path (POST /api/orders.php, the sandbox checkout's POST paid, the
// sandbox's webhook job, the webhook asking the provider, the order's
// completion with its ledger row and invoice), by paymentBuyers buyers at
// once.
const (
	paymentBuyers = 16
	// settleBudget bounds the wait for the last webhooks after the run.
	settleBudget = 60 * time.Second
)

// paymentBenches measures order completions and prints them with their
// ratio to msgRate, the message-send rate of the same run.
func paymentBenches(addr, dbURL string, d time.Duration, msgRate float64) error {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	fmt.Fprintln(os.Stderr, "bench: making buyers")
	buyers, _, err := chatMembers(ctx, pool, addr, "buyer", paymentBuyers)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: orders.php + sandbox paid + webhook, %d buyers, %s\n", paymentBuyers, d)
	tr := &http.Transport{MaxIdleConnsPerHost: paymentBuyers, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	runCtx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var paid atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for i := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for runCtx.Err() == nil {
				if err := buyAndPay(client, addr, buyers[i]); err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				paid.Add(1)
			}
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return err
	}
	// Every paid order completes once its webhook job has run.
	deadline := time.Now().Add(settleBudget)
	var completed int64
	for {
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM orders WHERE status = 'completed'").Scan(&completed); err != nil {
			return err
		}
		if completed >= paid.Load() {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("payments: %d of %d paid orders completed after %s", completed, paid.Load(), settleBudget)
		}
		time.Sleep(10 * time.Millisecond)
	}
	elapsed := time.Since(start)
	var purchases int64
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM ledger WHERE kind = 'purchase'").Scan(&purchases); err != nil {
		return err
	}
	if purchases != completed {
		return fmt.Errorf("payments: %d completed orders but %d purchase rows", completed, purchases)
	}
	rate := float64(completed) / elapsed.Seconds()
	fmt.Printf("bench orders_completed_per_second %.1f orders/s\n", rate)
	if msgRate > 0 {
		fmt.Printf("bench orders_vs_messages %.3f ratio\n", rate/msgRate)
	}
	return nil
}

// buyAndPay orders the starter package with iDEAL and pays it on the
// sandbox's checkout page, as a buyer's browser does.
func buyAndPay(client *http.Client, addr string, m benchMember) error {
	body, _ := json.Marshal(map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "country": "NL"})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/orders.php", bytes.NewReader(body))
	req.Host = chatHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", m.cookie)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("order: %d %s", res.StatusCode, b)
	}
	var co struct {
		RedirectURL string `json:"redirect_url"`
	}
	if err := json.Unmarshal(b, &co); err != nil {
		return err
	}
	checkout, err := url.Parse(co.RedirectURL)
	if err != nil {
		return err
	}
	req, _ = http.NewRequest(http.MethodPost, "http://"+addr+checkout.Path, strings.NewReader("outcome=paid"))
	req.Host = chatHost
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err = client.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("sandbox paid: %d", res.StatusCode)
	}
	return nil
}

// paymentsAlone runs the payments benchmark with the message-send figure it
// is compared with (-only payments), not the rest of the chat benchmarks.
func paymentsAlone(addr, dbURL string, d time.Duration) error {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	senders, recipients, err := chatMembers(ctx, pool, addr, "bench", chatSenders)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: messages.php, %d concurrent senders, %s\n", chatSenders, d)
	msgRate, err := sendLoad(addr, senders, recipients, d, nil)
	if err != nil {
		return err
	}
	fmt.Printf("bench chat_messages_per_second %.0f msg/s\n", msgRate)
	return paymentBenches(addr, dbURL, d, msgRate)
}
