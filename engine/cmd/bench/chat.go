package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/pgcluster"
)

// The chat benchmarks: messages sent per second through the API, delivery
// latency over the live stream, and the engine's memory with many idle
// live connections.
const (
	chatHost    = "localhost"
	chatSenders = 200
	// latencyPairs write deliveryRate messages a second together (one
	// each 200 ms): 1,000 messages a second flowing (delivery p99 <= 100 ms
	// at that rate).
	latencyPairs = chatSenders
	deliveryRate = 1000.0
	idleStreams  = 10_000
	// idleBudget bounds how long opening the idle streams may take.
	idleBudget = 90 * time.Second
)

// benchMember is a logged-in member of the benchmark.
type benchMember struct {
	id     int64
	cookie string
}

// chatBenches runs the chat benchmarks and returns the message-send rate,
// which other figures are compared with; settingsCPU is the engine's CPU
// per settings.php answer (us) the sends' engine CPU is compared with.
// With statements, the sends' statements are listed (bench -statements).
func chatBenches(cluster *pgcluster.Cluster, addr, dbURL string, enginePID int, d time.Duration, settingsCPU float64, prof *profiler, statements bool) (float64, error) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return 0, err
	}
	defer pool.Close()
	fmt.Fprintln(os.Stderr, "bench: making chat members")
	senders, recipients, err := chatMembers(ctx, pool, addr, "bench", chatSenders)
	if err != nil {
		return 0, err
	}

	rate, err := sendsAndBaseline(cluster, addr, dbURL, enginePID, senders, recipients, d, settingsCPU, prof, statements)
	if err != nil {
		return 0, err
	}

	if err := deliveryRuns("chat", addr, addr, senders[:latencyPairs], recipients[:latencyPairs], d); err != nil {
		return 0, err
	}
	if err := livePath("chat", dbURL, addr, senders[:latencyPairs], recipients[:latencyPairs], d, deliveryRate); err != nil {
		return 0, err
	}

	fmt.Fprintf(os.Stderr, "bench: %d idle live connections\n", idleStreams)
	before, err := rssKB(enginePID)
	if err != nil {
		return 0, err
	}
	all := append(append([]benchMember{}, senders...), recipients...)
	conns, opened, err := openIdleStreams(addr, all, idleStreams, idleBudget)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	if err != nil {
		return 0, err
	}
	after, err := rssKB(enginePID)
	if err != nil {
		return 0, err
	}
	fmt.Printf("bench live_idle_connections %d conns\n", opened)
	fmt.Printf("bench live_idle_rss %.0f MiB\n", float64(after)/1024)
	fmt.Printf("bench live_idle_rss_per_conn %.1f KiB\n", float64(after-before)/float64(max(opened, 1)))
	return rate, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// chatMembers makes n senders with plenty of credits and n recipients on
// the first tenant, straight in the database (with a cheap password hash),
// and logs each in through the API.
func chatMembers(ctx context.Context, pool *pgxpool.Pool, addr, prefix string, n int) (senders, recipients []benchMember, err error) {
	const password = "bench password 1"
	hash, err := argon2id.CreateHash(password, &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		return nil, nil, err
	}
	var tenantID int64
	var profilePool, lang, country string
	if err := pool.QueryRow(ctx, `SELECT t.id, t.profile_pool, t.default_locale, t.countries[1] FROM tenants t
		JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1`, chatHost).Scan(&tenantID, &profilePool, &lang, &country); err != nil {
		return nil, nil, fmt.Errorf("bench tenant: %w", err)
	}
	makeOne := func(i int, gender string, credits int64) (benchMember, error) {
		email := fmt.Sprintf("%s-%s-%d@example.com", prefix, gender, i)
		var id int64
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if err := tx.QueryRow(ctx, `INSERT INTO members (tenant_id, email, password_hash, status, paid_user, language, credits)
				VALUES ($1, $2, $3, 'active', true, $4, $5) RETURNING id`, tenantID, email, hash, lang, credits).Scan(&id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, status)
				VALUES ($1, $2, $3, $4, $5, '1990-01-01', $6, 'active')`, id, profilePool, fmt.Sprintf("Bench%d", i), gender,
				map[string]string{"male": "female", "female": "male"}[gender], country); err != nil {
				return err
			}
			if credits > 0 {
				_, err := tx.Exec(ctx, `INSERT INTO ledger (member_id, delta, balance_after, kind, note) VALUES ($1, $2, $2, 'correction', 'bench')`, id, credits)
				return err
			}
			return nil
		})
		if err != nil {
			return benchMember{}, fmt.Errorf("bench member: %w", err)
		}
		cookie, err := login(addr, email, password)
		return benchMember{id: id, cookie: cookie}, err
	}
	for i := 0; i < n; i++ {
		s, err := makeOne(i, "male", 100_000_000)
		if err != nil {
			return nil, nil, err
		}
		r, err := makeOne(i, "female", 0)
		if err != nil {
			return nil, nil, err
		}
		senders, recipients = append(senders, s), append(recipients, r)
	}
	return senders, recipients, nil
}

func login(addr, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/user.php", bytes.NewReader(body))
	req.Host = chatHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Type", "client")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	for _, c := range res.Cookies() {
		if c.Name == "rdv_session" {
			return c.Name + "=" + c.Value, nil
		}
	}
	return "", fmt.Errorf("login %s: %d, no session", email, res.StatusCode)
}

var clientSeq atomic.Int64

// sendMessage posts one text message and reports whether it was sent.
func sendMessage(client *http.Client, addr string, from benchMember, to int64, text string) (bool, error) {
	body, _ := json.Marshal(map[string]any{"profile_id": to, "text": text, "client_id": "b" + strconv.FormatInt(clientSeq.Add(1), 10)})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/messages.php", bytes.NewReader(body))
	req.Host = chatHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", from.cookie)
	res, err := client.Do(req)
	if err != nil {
		return false, err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return false, fmt.Errorf("send: %d %s", res.StatusCode, b)
	}
	return true, nil
}

// sendLoad has every sender write to its own recipient as fast as it can
// for d and returns the rate of sent messages. Before the clock starts,
// each sender writes one untimed message (warmUp), and then started is
// called (nil: nothing to call).
func sendLoad(addr string, senders, recipients []benchMember, d time.Duration, started func()) (float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: len(senders), DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	if err := warmUp(client, addr, senders, recipients); err != nil {
		return 0, err
	}
	if started != nil {
		started()
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var ok atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for i := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				sent, err := sendMessage(client, addr, senders[i], recipients[i].id, "Hello, how are you doing today?")
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				if sent {
					ok.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return 0, err
	}
	return float64(ok.Load()) / time.Since(start).Seconds(), nil
}

// warmUp has each sender write one message, all at once, outside the
// timed run: the run then measures the steady state of a conversation
// that exists on connections that have planned the send, not the first
// message of 200 new conversations. Each of the engine's fresh database
// connections spends tens of milliseconds of PostgreSQL's CPU loading the
// catalogue entries of the send's ten tables and planning its statements
// (pg_stat_statements on a scratch cluster: 4-530 ms per plan of the
// send's facts on a loaded machine, against 0.9 ms warm), which in a
// 2-second run was most of chat_send_db_cpu; a long-running engine pays
// that once per connection.
func warmUp(client *http.Client, addr string, senders, recipients []benchMember) error {
	errs := make([]error, len(senders))
	var wg sync.WaitGroup
	for i := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = sendMessage(client, addr, senders[i], recipients[i].id, "Hello!")
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// openStream opens a member's event stream on a bare connection and waits
// until it is ready; the connection then carries the stream.
func openStream(addr string, m benchMember) (net.Conn, *bufio.Reader, error) {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, nil, err
	}
	_, err = fmt.Fprintf(conn, "GET /api/events HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\nCookie: %s\r\n\r\n", chatHost, m.cookie)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	rd := bufio.NewReaderSize(conn, 1024)
	status, err := rd.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		conn.Close()
		return nil, nil, fmt.Errorf("events: %q %v", strings.TrimSpace(status), err)
	}
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			conn.Close()
			return nil, nil, err
		}
		if strings.TrimSpace(line) == ": ready" {
			break
		}
	}
	_ = conn.SetReadDeadline(time.Time{})
	return conn, rd, nil
}

// delivery is what one delivery-latency run measured.
type delivery struct {
	// offered and achieved are message rates (msg/s): what the senders
	// were paced to write, and what the engine accepted in the run. When
	// achieved falls short of offered, the sends queue and total is
	// queueing, not delivery.
	offered, achieved float64
	// total runs from the start of a send to the event's arrival on the
	// recipient's stream; send to the send's answer; live from the send's
	// answer to the arrival: what the live path (NOTIFY, listener, hub,
	// stream write) adds beyond the send itself. An event that arrives
	// before its send's answer (the commit notifies while the answer is
	// still being written) counts as 0.
	total, send, live latency
	// delivered is how many messages arrived live.
	delivered int
}

// deliveryRuns measures delivery at the offered rate and, when the engine
// could not accept that many sends, again at half the rate it did
// accept, so the figure of the live path is not one of saturated sends;
// prefix names the printed figures (chat, scaleout).
func deliveryRuns(prefix, sendAddr, streamAddr string, senders, recipients []benchMember, d time.Duration) error {
	fmt.Fprintf(os.Stderr, "bench: %s delivery latency, %d pairs, %.0f msg/s offered, %s\n", prefix, len(senders), deliveryRate, d)
	at, err := deliveryLatencyVia(sendAddr, streamAddr, senders, recipients, d, deliveryRate)
	if err != nil {
		return err
	}
	at.print(prefix + "_delivery")
	if at.achieved >= 0.95*at.offered {
		return nil
	}
	rate := at.achieved / 2
	fmt.Fprintf(os.Stderr, "bench: %s delivery latency at a sustained %.0f msg/s\n", prefix, rate)
	sustained, err := deliveryLatencyVia(sendAddr, streamAddr, senders, recipients, d, rate)
	if err != nil {
		return err
	}
	sustained.print(prefix + "_delivery_sustained")
	return nil
}

func (r delivery) print(name string) {
	fmt.Printf("bench %s_p50 %.1f ms\n", name, ms(r.total.p50))
	fmt.Printf("bench %s_p99 %.1f ms\n", name, ms(r.total.p99))
	fmt.Printf("bench %s_offered %.0f msg/s\n", name, r.offered)
	fmt.Printf("bench %s_rate %.0f msg/s\n", name, r.achieved)
	fmt.Printf("bench %s_send_p99 %.1f ms\n", name, ms(r.send.p99))
	fmt.Printf("bench %s_live_p50 %.1f ms\n", name, ms(r.live.p50))
	fmt.Printf("bench %s_live_p99 %.1f ms\n", name, ms(r.live.p99))
	fmt.Fprintf(os.Stderr, "bench: %d messages delivered live\n", r.delivered)
}

// arrivals reads the event streams of recipients and notes when each
// latency message (text "latency ...") arrives.
type arrivals struct {
	arrived
	conns   []net.Conn
	readers sync.WaitGroup
}

// arrived books when each latency message (by its text) arrived, for the
// readers that see them: the engine's streams and the bench's own LISTEN
// session (livepath.go).
type arrived struct {
	mu sync.Mutex
	at map[string]time.Time
}

func (a *arrived) mark(text string, at time.Time) {
	a.mu.Lock()
	a.at[text] = at
	a.mu.Unlock()
}

// await waits up to 5 s for want arrivals.
func (a *arrived) await(want int) {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		a.mu.Lock()
		got := len(a.at)
		a.mu.Unlock()
		if got >= want {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func openArrivals(addr string, recipients []benchMember) (*arrivals, error) {
	a := &arrivals{arrived: arrived{at: map[string]time.Time{}}}
	for _, r := range recipients {
		conn, rd, err := openStream(addr, r)
		if err != nil {
			a.close(0)
			return nil, err
		}
		a.conns = append(a.conns, conn)
		a.readers.Add(1)
		go func() {
			defer a.readers.Done()
			for {
				line, err := rd.ReadString('\n')
				if err != nil {
					return
				}
				at := time.Now()
				data, ok := strings.CutPrefix(line, "data: ")
				if !ok {
					continue
				}
				var e struct {
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				}
				if json.Unmarshal([]byte(data), &e) != nil || !strings.HasPrefix(e.Message.Text, "latency ") {
					continue
				}
				a.mark(e.Message.Text, at)
			}
		}()
	}
	return a, nil
}

// close waits up to 5 s for want messages to have arrived, closes the
// streams and returns each arrival.
func (a *arrivals) close(want int) map[string]time.Time {
	a.await(want)
	for _, c := range a.conns {
		c.Close()
	}
	a.readers.Wait()
	return a.at
}

// sentAt is when one latency message's send started and was answered.
type sentAt struct{ start, answered time.Time }

// deliveryLatencyVia opens the recipients' streams on the engine at
// streamAddr, has the senders write to the one at sendAddr (the same
// engine, or another instance on the same database: scaleout.go) at rate
// messages a second together for d, each sender on its own schedule, and
// measures each message from its send to its arrival on the stream. A
// sender whose send outlasts its interval skips the ticks it missed, so
// an engine that cannot keep up shows as an achieved rate below the
// offered one.
func deliveryLatencyVia(sendAddr, streamAddr string, senders, recipients []benchMember, d time.Duration, rate float64) (delivery, error) {
	arr, err := openArrivals(streamAddr, recipients)
	if err != nil {
		return delivery{}, err
	}
	var mu sync.Mutex
	sent := map[string]sentAt{}
	tr := &http.Transport{MaxIdleConnsPerHost: len(senders), DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	every := time.Duration(float64(len(senders)) / rate * float64(time.Second))
	run := fmt.Sprintf("%x", time.Now().UnixNano())
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var accepted atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	began := time.Now()
	for i := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Senders start spread over one interval, as members do,
			// not all on the same tick.
			select {
			case <-ctx.Done():
				return
			case <-time.After(every * time.Duration(i) / time.Duration(len(senders))):
			}
			tick := time.NewTicker(every)
			defer tick.Stop()
			for seq := 0; ; seq++ {
				text := fmt.Sprintf("latency %s %d %d", run, i, seq)
				start := time.Now()
				if _, err := sendMessage(client, sendAddr, senders[i], recipients[i].id, text); err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				mu.Lock()
				sent[text] = sentAt{start: start, answered: time.Now()}
				mu.Unlock()
				accepted.Add(1)
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(began)
	if err, _ := firstErr.Load().(error); err != nil {
		arr.close(0)
		return delivery{}, err
	}
	arrived := arr.close(int(accepted.Load()))
	var total, send, live []time.Duration
	for text, s := range sent {
		at, ok := arrived[text]
		if !ok {
			continue
		}
		total = append(total, at.Sub(s.start))
		send = append(send, s.answered.Sub(s.start))
		live = append(live, max(at.Sub(s.answered), 0))
	}
	if len(total) == 0 {
		return delivery{}, errors.New("no message arrived live")
	}
	return delivery{
		offered: rate, achieved: float64(accepted.Load()) / took.Seconds(),
		total: percentiles(total), send: percentiles(send), live: percentiles(live), delivered: len(total),
	}, nil
}

// openIdleStreams opens n event streams spread over members, 32 at a time,
// within budget; it returns the open connections.
func openIdleStreams(addr string, members []benchMember, n int, budget time.Duration) ([]net.Conn, int, error) {
	conns := make([]net.Conn, n)
	var next atomic.Int64
	var firstErr atomic.Value
	deadline := time.Now().Add(budget)
	var wg sync.WaitGroup
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				conn, _, err := openStream(addr, members[i%len(members)])
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				conns[i] = conn
			}
		}()
	}
	wg.Wait()
	open := conns[:0]
	for _, c := range conns {
		if c != nil {
			open = append(open, c)
		}
	}
	if err, _ := firstErr.Load().(error); err != nil {
		return open, len(open), err
	}
	return open, len(open), nil
}

// rssKB reads a process's resident set size.
func rssKB(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, errors.New("no VmRSS")
}
