package trust

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/bits"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust/internal/db"
)

// MatchDistance is the most bits two photos' perceptual hashes may differ
// by to count as the same photo. Copies that were resized, recompressed or
// had a border cropped differ by at most 4 bits, different pictures by 14
// or more (TestSamePhotoThreshold); 7 sits between with room on both
// sides, and is the most that four 16-bit bands probed at one bit find
// every time: hashes within 7 bits have a band within 1 bit (pigeonhole).
const MatchDistance = 7

// Distance is the number of bits in which two perceptual hashes differ.
func Distance(a, b uint64) int { return bits.OnesCount64(a ^ b) }

// bands splits a hash into its four 16-bit bands, lowest first.
func bands(h uint64) [4]int32 {
	return [4]int32{int32(h & 0xffff), int32(h >> 16 & 0xffff), int32(h >> 32 & 0xffff), int32(h >> 48)}
}

// probes are a band's value and its 16 one-bit neighbours: a hash within
// MatchDistance bits of h has one of its bands among them.
func probes(band int32) []int32 {
	out := make([]int32, 0, 17)
	out = append(out, band)
	for i := range 16 {
		out = append(out, band^(1<<i))
	}
	return out
}

// Sources of a photo.
const (
	SourceProfile = "profile"
	SourceChat    = "chat"
)

// Inserter queues River jobs in a transaction (the River client).
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// CheckArgs is the job that checks one upload or message: a photo's hash
// against every other member's, a message's text for signals.
type CheckArgs struct {
	MemberID int64 `json:"member_id"`
	// MessageID is the chat message to check, 0 for a profile photo.
	MessageID int64 `json:"message_id,omitempty"`
	// Photo is the uploaded photo's display key, "" when no photo came
	// with the check; Hash is its perceptual hash.
	Photo  string `json:"photo,omitempty"`
	Hash   uint64 `json:"hash,omitempty"`
	Source string `json:"source,omitempty"`
}

// Kind names the job for River.
func (CheckArgs) Kind() string { return "trust_check" }

// QueuePhoto queues the check of a profile photo in the upload's
// transaction. House profiles are exempt: their caller passes none.
func QueuePhoto(ctx context.Context, jobs Inserter, tx pgx.Tx, memberID int64, photo string, hash uint64) error {
	if jobs == nil {
		return nil
	}
	if _, err := jobs.InsertTx(ctx, tx, CheckArgs{MemberID: memberID, Photo: photo, Hash: hash, Source: SourceProfile}, nil); err != nil {
		return fmt.Errorf("queue the trust check of member %d's photo: %w", memberID, err)
	}
	return nil
}

// queueSQL is River's job insert, written into a batch that goes with
// the send's COMMIT: River's own InsertTx would be one more round trip on
// the send path, the busiest of the engine. The job is the same River
// would write (kind, queue, priority, attempts); the workers find it at
// their next fetch.
const queueSQL = `INSERT INTO river_job (args, kind, max_attempts, priority, queue, state) ` +
	`VALUES ($1::jsonb, 'trust_check', 25, 1, 'default', 'available')`

// QueueMessageAtCommit adds the check of a chat message with a photo
// uploaded with it (its display key and hash) to batch, which the send
// runs with its COMMIT: scoring never slows the send. A text goes through
// QueueTextAtCommit. House profiles are exempt: their caller passes none.
func QueueMessageAtCommit(batch *pgx.Batch, memberID, messageID int64, photo string, hash uint64) error {
	args := CheckArgs{MemberID: memberID, MessageID: messageID}
	if photo != "" {
		args.Photo, args.Hash, args.Source = photo, hash, SourceChat
	}
	b, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("trust check of message %d: %w", messageID, err)
	}
	batch.Queue(queueSQL, string(b))
	return nil
}

// TextWindow is how long the first text of a member waits for its check:
// the member's texts sent within it are checked by the same job.
const TextWindow = 2 * time.Second

// queueTextSQL adds a text to its member's waiting texts
// (trust_text_checks) and, when it is the first of them, queues the job
// that checks them TextWindow later (an available job River fetches once
// scheduled_at has come), in one statement of the send's COMMIT batch.
// The row names the first text only: a later text of the window writes
// nothing, it locks the row, so the job's taking of the row waits until
// that text is committed and then checks it with the texts after the
// first (Service.CheckTexts). Each text rewrote the row with the list of
// the window's texts before, a new row version and its WAL on every send.
// Texts whose job has not taken them within a day (River gave up on it)
// get a new job with the next text.
const queueTextSQL = `WITH waiting AS (
    INSERT INTO trust_text_checks AS w (member_id, message_ids) VALUES ($1, ARRAY[$2::bigint])
    ON CONFLICT (member_id) DO UPDATE SET message_ids = w.message_ids || EXCLUDED.message_ids, queued_at = now()
        WHERE w.queued_at < now() - interval '1 day'
    RETURNING true AS first
)
INSERT INTO river_job (args, kind, max_attempts, priority, queue, state, scheduled_at)
SELECT $3::jsonb, 'trust_texts', 25, 1, 'default', 'available', now() + make_interval(secs => $4::float8)
FROM waiting`

// QueueTextAtCommit adds the check of a chat text to batch, which the
// send runs with its COMMIT: the text joins its member's texts waiting for
// their check, and the first of them queues the job (TextsArgs). House
// profiles are exempt: their caller passes none.
func QueueTextAtCommit(batch *pgx.Batch, memberID, messageID int64) error {
	b, err := json.Marshal(TextsArgs{MemberID: memberID})
	if err != nil {
		return fmt.Errorf("trust check of message %d: %w", messageID, err)
	}
	batch.Queue(queueTextSQL, memberID, messageID, string(b), TextWindow.Seconds())
	return nil
}

// TextsArgs is the job that checks the texts of a member waiting in
// trust_text_checks.
type TextsArgs struct {
	MemberID int64 `json:"member_id"`
}

// Kind names the job for River.
func (TextsArgs) Kind() string { return "trust_texts" }

// Tenants finds a tenant by id (tenancy.Directory).
type Tenants interface {
	ByID(ctx context.Context, id int64) (*tenancy.Tenant, error)
}

// Service runs the checks and keeps the flagged queue.
type Service struct {
	Pool    *pgxpool.Pool
	Tenants Tenants
	Log     *slog.Logger

	// settings are the brands' trust settings, read from a brand's
	// settings document once per tenant the directory loads, not in every
	// check.
	settings tenancy.Kept[Settings]
}

// Worker works the trust checks.
type Worker struct {
	river.WorkerDefaults[CheckArgs]
	Service *Service
}

// Work runs one check.
func (w *Worker) Work(ctx context.Context, job *river.Job[CheckArgs]) error {
	return w.Service.Check(ctx, job.Args)
}

// TextsWorker works the checks of members' texts.
type TextsWorker struct {
	river.WorkerDefaults[TextsArgs]
	Service *Service
}

// Work checks the member's waiting texts.
func (w *TextsWorker) Work(ctx context.Context, job *river.Job[TextsArgs]) error {
	return w.Service.CheckTexts(ctx, job.Args.MemberID)
}

// Register adds the trust workers to workers.
func Register(workers *river.Workers, s *Service) {
	river.AddWorker(workers, &Worker{Service: s})
	river.AddWorker(workers, &TextsWorker{Service: s})
}

// Check runs a check: the photo's hash is kept and compared with every
// other member's photos, the message's text is read for signals; what it
// finds raises the member's score, and past the brand's threshold the
// member is flagged. All in one transaction, one member at a time.
func (s *Service) Check(ctx context.Context, a CheckArgs) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		sc, ok, err := s.scoring(ctx, q, a.MemberID)
		if err != nil || !ok {
			return err
		}
		var found []signal
		if a.Photo != "" {
			sig, err := s.checkPhoto(ctx, q, sc.tenantID, a)
			if err != nil {
				return err
			}
			found = append(found, sig...)
		}
		if a.MessageID != 0 {
			texts, err := s.textsToCheck(ctx, q, a.MemberID, []int64{a.MessageID}, sc.settings)
			if err != nil {
				return err
			}
			// No text of the member's with that id: nothing to read.
			if from := texts.from(a.MessageID); len(from) > 0 && from[0].ID == a.MessageID {
				sig, err := s.checkText(ctx, q, a.MemberID, from[0], texts, sc.tenant, sc.settings)
				if err != nil {
					return err
				}
				found = append(found, sig...)
			}
		}
		return s.raise(ctx, q, sc.tenantID, a.MemberID, sc.settings, found)
	})
}

// CheckTexts checks the texts of member waiting for their check, one by
// one in the order they were sent, as Check checks one; all in one
// transaction, which takes them (a job finding none taken by another has
// nothing to do).
func (s *Service) CheckTexts(ctx context.Context, member int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ids, err := q.TextChecksTake(ctx, member)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("texts of member %d to check: %w", member, err)
		}
		sc, ok, err := s.scoring(ctx, q, member)
		if err != nil || !ok {
			return err
		}
		// The row names the first text waiting (a release before this one
		// named every text): the member's texts from it on are the ones
		// to check, as the member's sends take turns and each text after it
		// locked the row, so this transaction saw them committed.
		texts, err := s.textsToCheck(ctx, q, member, ids, sc.settings)
		if err != nil {
			return err
		}
		for _, msg := range texts.from(slices.Min(ids)) {
			sig, err := s.checkText(ctx, q, member, msg, texts, sc.tenant, sc.settings)
			if err != nil {
				return err
			}
			if err := s.raise(ctx, q, sc.tenantID, member, sc.settings, sig); err != nil {
				return err
			}
		}
		return nil
	})
}

// scored is what scoring a member's signals needs: their brand and its
// trust settings.
type scored struct {
	tenantID int64
	tenant   *tenancy.Tenant
	settings Settings
}

// scoring reads the member's brand and its settings and takes the lock
// that serialises the scoring of the member's signals; ok is false for a
// member who is gone or a house profile (exempt): nothing to score.
func (s *Service) scoring(ctx context.Context, q *db.Queries, member int64) (sc scored, ok bool, err error) {
	m, err := q.MemberOfTrust(ctx, member)
	if errors.Is(err, pgx.ErrNoRows) {
		return scored{}, false, nil // the member is gone: nothing to catch
	}
	if err != nil {
		return scored{}, false, fmt.Errorf("member %d: %w", member, err)
	}
	if m.IsHouse {
		return scored{}, false, nil
	}
	t, err := s.Tenants.ByID(ctx, m.TenantID)
	if err != nil {
		return scored{}, false, fmt.Errorf("tenant of member %d: %w", member, err)
	}
	set, err := s.settings.Of(t, SettingsOf)
	if err != nil {
		return scored{}, false, err
	}
	if err := q.MemberLockForScore(ctx, member); err != nil {
		return scored{}, false, fmt.Errorf("lock score of %d: %w", member, err)
	}
	return scored{tenantID: m.TenantID, tenant: t, settings: set}, true, nil
}

// signal is one signal found, before its weight.
type signal struct {
	kind         string
	messages     []int64
	photo, match int64
	distance     int
}

// checkPhoto keeps the photo's hash and answers a signal for the closest
// photo of another member within MatchDistance, if any.
func (s *Service) checkPhoto(ctx context.Context, q *db.Queries, tenantID int64, a CheckArgs) ([]signal, error) {
	b := bands(a.Hash)
	source := a.Source
	if source == "" {
		source = SourceProfile
	}
	id, err := q.PhotoHashAdd(ctx, db.PhotoHashAddParams{MemberID: a.MemberID, TenantID: tenantID, Hash: int64(a.Hash),
		Band0: b[0], Band1: b[1], Band2: b[2], Band3: b[3], Source: source, Filename: a.Photo})
	if err != nil {
		return nil, fmt.Errorf("keep the hash of member %d's photo: %w", a.MemberID, err)
	}
	matches, err := q.PhotoMatches(ctx, matchParams(a.Hash, a.MemberID))
	if err != nil {
		return nil, fmt.Errorf("photos close to member %d's: %w", a.MemberID, err)
	}
	if len(matches) == 0 {
		return nil, nil
	}
	// The closest photo is the evidence; one signal an upload, however
	// many accounts share the photo.
	return []signal{{kind: SignalPhotoMatch, photo: id, match: matches[0].ID, distance: int(matches[0].Distance)}}, nil
}

// PhotosCloseTo answers the ids of the photos of members other than
// member (house profiles aside) within MatchDistance of hash, the closest
// first, at most 10: the lookup every uploaded photo runs, through the band
// indexes.
func PhotosCloseTo(ctx context.Context, conn db.DBTX, hash uint64, member int64) ([]int64, error) {
	rows, err := db.New(conn).PhotoMatches(ctx, matchParams(hash, member))
	if err != nil {
		return nil, fmt.Errorf("photos close to %016x: %w", hash, err)
	}
	out := make([]int64, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return out, nil
}

// matchParams asks for the photos within MatchDistance of hash that are
// not member's own.
func matchParams(hash uint64, member int64) db.PhotoMatchesParams {
	b := bands(hash)
	return db.PhotoMatchesParams{Hash: int64(hash), Probe0: probes(b[0]), Probe1: probes(b[1]), Probe2: probes(b[2]),
		Probe3: probes(b[3]), MemberID: member, MaxDistance: MatchDistance}
}

// text is a member's text with its same-text form (sameText), made once
// per check: every text of a window is compared with every earlier one,
// and forming them anew for each comparison was most of a check's CPU.
type text struct {
	db.TextsToCheckRow
	same string
}

// texts are a member's texts in the order they were sent (TextsToCheck).
type texts []text

// textsOf are rows with their same-text forms.
func textsOf(rows []db.TextsToCheckRow) texts {
	out := make(texts, len(rows))
	for i, r := range rows {
		out[i] = text{TextsToCheckRow: r, same: sameText(r.Body)}
	}
	return out
}

// from is the texts from id on.
func (t texts) from(first int64) texts {
	i, _ := slices.BinarySearchFunc(t, first, func(r text, id int64) int { return cmp.Compare(r.ID, id) })
	return t[i:]
}

// textsToCheck reads the member's texts from the first of ids on, with
// those of the same-text window before it, in one statement.
func (s *Service) textsToCheck(ctx context.Context, q *db.Queries, member int64, ids []int64, set Settings) (texts, error) {
	rows, err := q.TextsToCheck(ctx, db.TextsToCheckParams{SenderID: member, Ids: ids, RepeatMinutes: int32(set.RepeatMinutes)})
	if err != nil {
		return nil, fmt.Errorf("texts of member %d to check: %w", member, err)
	}
	return textsOf(rows), nil
}

// checkText answers the signals of a text, and the repeat signal when the
// same text went to RepeatMembers conversations within RepeatMinutes
// (once a window); recent holds the member's texts of that window before
// it.
func (s *Service) checkText(ctx context.Context, q *db.Queries, member int64, msg text, recent texts, t *tenancy.Tenant, set Settings) ([]signal, error) {
	var out []signal
	for _, kind := range detect(msg.Body, t.Locales) {
		out = append(out, signal{kind: kind, messages: []int64{msg.ID}})
	}
	if msg.same == "" {
		return out, nil
	}
	since := msg.CreatedAt.Add(-time.Duration(set.RepeatMinutes) * time.Minute)
	var ids []int64
	conversations := map[int64]bool{}
	for _, r := range recent {
		if r.ID > msg.ID {
			break
		}
		if !r.CreatedAt.Before(since) && r.same == msg.same {
			ids = append(ids, r.ID)
			conversations[r.ConversationID] = true
		}
	}
	if len(conversations) < set.RepeatMembers {
		return out, nil
	}
	seen, err := q.SignalSince(ctx, db.SignalSinceParams{MemberID: member, Kind: SignalRepeat, Since: since})
	if err != nil {
		return nil, fmt.Errorf("repeat signal of %d: %w", member, err)
	}
	if !seen {
		out = append(out, signal{kind: SignalRepeat, messages: ids})
	}
	return out, nil
}

// raise records the signals with their brand's weights, and flags the
// member when their score reaches the threshold: a new flag, or the open
// one with its score brought up to date.
func (s *Service) raise(ctx context.Context, q *db.Queries, tenantID, memberID int64, set Settings, found []signal) error {
	added := 0
	for _, f := range found {
		w := set.Weights[f.kind]
		if w <= 0 {
			continue // the brand turned this signal off
		}
		p := db.SignalAddParams{TenantID: tenantID, MemberID: memberID, Kind: f.kind, Weight: int32(w), MessageIds: f.messages}
		if p.MessageIds == nil {
			p.MessageIds = []int64{}
		}
		if f.photo != 0 {
			p.PhotoHashID = pgtype.Int8{Int64: f.photo, Valid: true}
			p.MatchHashID = pgtype.Int8{Int64: f.match, Valid: true}
			p.Distance = pgtype.Int4{Int32: int32(f.distance), Valid: true}
		}
		if err := q.SignalAdd(ctx, p); err != nil {
			return fmt.Errorf("signal %s of %d: %w", f.kind, memberID, err)
		}
		added++
	}
	if added == 0 {
		return nil
	}
	score, err := q.ScoreOf(ctx, memberID)
	if err != nil {
		return fmt.Errorf("score of %d: %w", memberID, err)
	}
	if int(score) < set.Threshold {
		return nil
	}
	flag, err := q.FlagOpen(ctx, db.FlagOpenParams{TenantID: tenantID, MemberID: memberID, Score: score})
	if err != nil {
		return fmt.Errorf("flag %d: %w", memberID, err)
	}
	if err := q.SignalsJoin(ctx, db.SignalsJoinParams{FlagID: pgtype.Int8{Int64: flag, Valid: true}, MemberID: memberID}); err != nil {
		return fmt.Errorf("signals of flag %d: %w", flag, err)
	}
	if s.Log != nil {
		s.Log.Info("trust: member flagged", "member", memberID, "tenant", tenantID, "score", score)
	}
	return nil
}

// PurgeMember erases what trust and safety keeps of a purged member, in
// the purge transaction tx: their flags, signals and photo hashes.
func PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	if err := db.New(tx).TrustPurgeMember(ctx, member); err != nil {
		return fmt.Errorf("purge trust data of %d: %w", member, err)
	}
	return nil
}
