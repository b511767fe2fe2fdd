package likes

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/likes/internal/db"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/tenancy/tenancytest"
)

// explainer keeps every query's plan instead of running it.
type explainer struct {
	conn  database.Conn
	plans *[]string
}

func (e explainer) explain(ctx context.Context, sql string, args []any) (pgx.Rows, error) {
	rows, err := e.conn.Query(ctx, "EXPLAIN "+sql, args...)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, err
		}
		b.WriteString(line + "\n")
	}
	rows.Close()
	*e.plans = append(*e.plans, sql[:strings.Index(sql, "\n")]+"\n"+b.String())
	return nil, errExplained
}

func (e explainer) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (e explainer) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return e.explain(ctx, sql, args)
}

func (e explainer) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	_, err := e.explain(ctx, sql, args)
	return errRow{err: err}
}

// errExplained ends every query once its plan is kept.
var errExplained = errors.New("explained, not run")

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// The swipe deck, the match finder and the likes lists walk indexes on a
// populated pool; none reads the profiles table from end to end.
func TestDiscoveryPlansUseIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	_, err := pool.Exec(ctx, `
WITH ins AS (
    INSERT INTO members (tenant_id, email, language, status, is_house)
    SELECT (SELECT id FROM tenants WHERE slug = 'lustlokaal'), 'gen-' || g || '@plan.example', 'nl', 'active', g % 500 = 0
    FROM generate_series(1, 40000) g
    RETURNING id
), p AS (
    INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, status, invisible, last_active_at)
    SELECT id, 'benelux', 'Gen' || id,
           CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END,
           CASE WHEN id % 2 = 0 THEN 'male' ELSE 'female' END,
           date '1950-01-01' + (id * 7919 % 20000)::int,
           CASE WHEN id % 5 = 0 THEN 'BE' ELSE 'NL' END,
           CASE WHEN id % 5 = 0 THEN 'BE-VAN' ELSE (ARRAY['NL-NH', 'NL-ZH', 'NL-UT', 'NL-GE', 'NL-NB'])[1 + (id / 5) % 5] END,
           'active', id % 40 = 0, now() - (id * 104729 % 2000000) * interval '1 second'
    FROM ins
    RETURNING id
), ph AS (
    INSERT INTO photos (profile_id, filename, thumb_filename) SELECT id, 'f' || id, 't' || id FROM p WHERE id % 3 <> 0
)
INSERT INTO likes (liker_id, liked_id, like_new)
SELECT a.id, a.id + 1, true FROM p a WHERE a.id % 7 = 0`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		t.Fatal(err)
	}
	var member int64
	if err := pool.QueryRow(ctx, "SELECT min(id) FROM profiles WHERE gender = 'male'").Scan(&member); err != nil {
		t.Fatal(err)
	}
	date := func(y int) pgtype.Date {
		return pgtype.Date{Time: time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), Valid: true}
	}
	female := pgtype.Text{String: "female", Valid: true}
	var plans []string
	q := db.New(explainer{conn: database.CustomPlans{Conn: pool}, plans: &plans})
	_, _ = q.SwipeCandidateList(ctx, db.SwipeCandidateListParams{Pool: "benelux", Gender: female, Excluded: []int64{member}, MemberID: member, MaxRows: 10})
	_, _ = q.MatchFinderList(ctx, db.MatchFinderListParams{MemberID: member, MaxRows: 12, Region: "NL-UT", Country: "NL", OwnGender: "male",
		Now: time.Now(), Pool: "benelux", Gender: female, BornFrom: date(1980), BornTo: date(2000), Excluded: []int64{member}})
	_, _ = q.AutoLikePick(ctx, db.AutoLikePickParams{Pool: "benelux", MemberID: member, Gender: female})
	_, _ = q.LikeListByLiked(ctx, db.LikeListByLikedParams{MemberID: member + 1, Pool: "benelux", MaxRows: 200})
	_, _ = q.LikeListByLiker(ctx, db.LikeListByLikerParams{MemberID: member, Pool: "benelux", MaxRows: 200})
	_, _ = q.LikeListMatches(ctx, db.LikeListMatchesParams{MemberID: member, Pool: "benelux", MaxRows: 200})
	_, _ = q.LikeNewCount(ctx, db.LikeNewCountParams{MemberID: member + 1, Pool: "benelux"})
	if len(plans) != 7 {
		t.Fatalf("%d plans:\n%s", len(plans), strings.Join(plans, "\n"))
	}
	for _, p := range plans {
		if strings.Contains(p, "Seq Scan on profiles") || strings.Contains(p, "Seq Scan on likes") || strings.Contains(p, "Seq Scan on members") {
			t.Errorf("plan:\n%s", p)
		} else if testing.Verbose() {
			t.Log(p)
		}
	}
}
