package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/media"
)

// Photo upload load: a few premium members upload phone-sized photos at
// once through POST /api/photos.php; every upload is decoded, scaled,
// re-encoded twice and stored. Modest on purpose: two cores.
const (
	photoUploaders = 4
	photosEach     = 20 // under the premium limit of 25
	photoW, photoH = 3000, 2000
)

func photoBenches(addr, dbURL string, enginePID int) error {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	fmt.Fprintln(os.Stderr, "bench: making photo uploaders")
	members, err := photoMembers(ctx, pool, addr, photoUploaders)
	if err != nil {
		return err
	}
	if err := photoCost(ctx); err != nil {
		return err
	}
	photo := benchPhoto(photoW, photoH)
	fmt.Fprintf(os.Stderr, "bench: photos.php, %d uploaders x %d photos of %dx%d (%d KiB)\n",
		photoUploaders, photosEach, photoW, photoH, len(photo)>>10)

	// Earlier stages (10,000 live streams) leave memory the runtime has not
	// returned yet; the growth over it is what processing photos costs.
	baseKB, err := rssKB(enginePID)
	if err != nil {
		return err
	}
	peak := startPeakRSS(enginePID)
	start := time.Now()
	var ok atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, photoUploaders)
	for _, m := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 60 * time.Second}
			for i := 0; i < photosEach; i++ {
				if err := uploadPhoto(client, addr, m, photo); err != nil {
					errs <- err
					return
				}
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	peakKB := peak()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Printf("bench photo_upload_rate %.1f photos/s\n", float64(ok.Load())/elapsed.Seconds())
	fmt.Printf("bench photo_upload_peak_rss %.0f MiB\n", float64(peakKB)/1024)
	fmt.Printf("bench photo_upload_rss_growth %.0f MiB\n", float64(max(peakKB-baseKB, 0))/1024)
	return nil
}

// photoMembers makes n premium members on the chat benchmark's tenant and
// logs them in.
func photoMembers(ctx context.Context, pool *pgxpool.Pool, addr string, n int) ([]benchMember, error) {
	const password = "bench password 2"
	hash, err := argon2id.CreateHash(password, &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		return nil, err
	}
	var out []benchMember
	for i := 0; i < n; i++ {
		email := fmt.Sprintf("bench-photos-%d@example.com", i)
		var id int64
		err := pool.QueryRow(ctx, `WITH t AS (
				SELECT t.id, t.profile_pool, t.default_locale, t.countries[1] AS country FROM tenants t
				JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1),
			m AS (INSERT INTO members (tenant_id, email, password_hash, status, paid_user, language)
				SELECT id, $2, $3, 'active', true, default_locale FROM t RETURNING id)
			INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, status)
			SELECT m.id, t.profile_pool, $4, 'female', 'male', '1990-01-01', t.country, 'active' FROM m, t
			RETURNING id`, chatHost, email, hash, "Photo"+strconv.Itoa(i)).Scan(&id)
		if err != nil {
			return nil, fmt.Errorf("bench photo member: %w", err)
		}
		cookie, err := login(addr, email, password)
		if err != nil {
			return nil, err
		}
		out = append(out, benchMember{id: id, cookie: cookie})
	}
	return out, nil
}

// photoCost measures, in this process before the upload load starts, what
// the engine's photo processing (media.Processor, the code POST
// /api/photos.php runs) costs for one 12 MP camera JPEG (4000 x 3000):
// process CPU per photo, and the heap one upload allocates, an upper bound
// of what an upload in flight holds (targets: 150 ms and 60 MB). image/jpeg's
// full decode alone is measured beside it as the baseline (processing decodes
// at half the size with its own decoder, so it costs less than that decode),
// and the ratio of the two (the median of the rounds' ratios, each round
// running both back to back) is the figure that carries from one machine or
// load to another.
func photoCost(ctx context.Context) error {
	data := benchPhoto(4000, 3000)
	cost, err := media.NewProcessor(media.DefaultLimits, 1).MeasureCost(ctx, data, 5)
	if err != nil {
		return fmt.Errorf("bench photo cost: %w", err)
	}
	fmt.Printf("bench photo_cpu_ms_12mp %.0f ms\n", float64(cost.CPU)/float64(time.Millisecond))
	fmt.Printf("bench photo_decode_cpu_ms_12mp %.0f ms\n", float64(cost.DecodeCPU)/float64(time.Millisecond))
	fmt.Printf("bench photo_cpu_vs_decode_12mp %.2f x\n", cost.VsDecode)
	fmt.Printf("bench photo_peak_mb_per_upload %.1f MB\n", float64(cost.AllocBytes)/1e6)
	return nil
}

// benchPhoto is a photo-like w x h JPEG: gradients with grain, so it
// compresses and decodes like a camera picture rather than a flat test card.
func benchPhoto(photoW, photoH int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, photoW, photoH))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < photoH; y++ {
		for x := 0; x < photoW; x++ {
			n := uint8(rng.IntN(24))
			img.SetRGBA(x, y, color.RGBA{uint8(x*255/photoW) ^ n, uint8(y*255/photoH) + n, uint8((x+y)/20) + n, 255})
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}

func uploadPhoto(client *http.Client, addr string, m benchMember, photo []byte) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("photo", "photo.jpg")
	_, _ = fw.Write(photo)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/photos.php", &body)
	req.Host = chatHost
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Cookie", m.cookie)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("upload: %d %s", res.StatusCode, b)
	}
	return nil
}

// startPeakRSS starts watching the engine's memory and returns a function
// that stops and reports the peak resident set in KiB. It resets the
// kernel's high-water mark (clear_refs 5), so the peak is this run's alone,
// and also samples VmRSS in case the reset is not allowed.
func startPeakRSS(pid int) func() int64 {
	reset := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0) == nil
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			if kb, err := rssKB(pid); err == nil && kb > peak.Load() {
				peak.Store(kb)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		if reset {
			if hwm, err := procStatusKB(pid, "VmHWM:"); err == nil && hwm > peak.Load() {
				return hwm
			}
		}
		return peak.Load()
	}
}

func procStatusKB(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, errors.New("no " + field)
}
