package credits

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/credits/internal/db"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/database"
)

// Kind says what a ledger row is for.
type Kind string

// The kinds of ledger rows.
const (
	SignupBonus Kind = "signup_bonus"
	Message     Kind = "message"
	Photo       Kind = "photo"
	Gift        Kind = "gift"
	Purchase    Kind = "purchase"
	Refund      Kind = "refund"
	Correction  Kind = "correction"
)

var (
	// ErrInsufficient means the balance is too low for a charge.
	ErrInsufficient = errors.New("credits: not enough credits")
	// ErrAlreadyBooked means a row of this kind and reference exists; the
	// caller must roll back, which also undoes the balance change.
	ErrAlreadyBooked = errors.New("credits: already booked")
	// ErrNoReference means a purchase without the order it pays for; a
	// retry of it could not be told from a second purchase.
	ErrNoReference = errors.New("credits: a purchase needs a reference")
	// ErrZero means an entry that changes nothing.
	ErrZero = errors.New("credits: an entry must change the balance")
)

// Entry is one change of a member's balance.
type Entry struct {
	MemberID int64
	// Delta is positive for credits given, negative for credits spent.
	Delta int64
	Kind  Kind
	// Reference names what the entry pays for ("message:123", "order:9");
	// an entry with a reference is booked at most once.
	Reference string
	Note      string
}

// Post books e inside tx and returns the new balance. Concurrent posts for
// one member wait for each other on the member's row.
func Post(ctx context.Context, tx pgx.Tx, e Entry) (int64, error) {
	if e.Delta == 0 {
		return 0, ErrZero
	}
	row, err := db.New(tx).Book(ctx, db.BookParams{
		MemberID: e.MemberID, Delta: e.Delta, Kind: string(e.Kind), Reference: e.Reference, Note: e.Note,
	})
	return booked(ctx, tx, e, row, err)
}

// booked answers a Book of e: the balance after it, announced to the
// member's open pages when tx commits.
func booked(ctx context.Context, tx pgx.Tx, e Entry, row db.BookRow, err error) (int64, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrInsufficient
	}
	if err != nil {
		return 0, fmt.Errorf("book %d credits for member %d: %w", e.Delta, e.MemberID, err)
	}
	if row.LedgerID == 0 {
		return 0, ErrAlreadyBooked
	}
	balance := row.Balance
	// The member's open pages learn the new balance when tx commits.
	if err := live.Publish(ctx, tx, e.MemberID, live.Event{Type: live.TypeCredits, Data: BalanceEvent{Credits: balance}}); err != nil {
		return 0, err
	}
	return balance, nil
}

// BalanceEvent is the data of the live "credits" event every ledger post
// sends to the member.
type BalanceEvent struct {
	Credits int64 `json:"credits"`
}

// PaidEvent is the data of the live "user" event sent when a member
// becomes premium.
type PaidEvent struct {
	PaidUser bool `json:"paid_user"`
}

// Row is one ledger row as members and operators see it.
type Row struct {
	ID           int64     `json:"id"`
	Delta        int64     `json:"delta"`
	BalanceAfter int64     `json:"balance_after"`
	Kind         Kind      `json:"kind"`
	Reference    string    `json:"reference"`
	Note         string    `json:"note"`
	CreatedAt    time.Time `json:"created_at"`
}

// History lists a member's newest ledger rows.
func History(ctx context.Context, conn db.DBTX, memberID int64, limit int32) ([]Row, error) {
	rows, err := db.New(conn).LedgerList(ctx, db.LedgerListParams{MemberID: memberID, MaxRows: limit})
	if err != nil {
		return nil, fmt.Errorf("ledger of member %d: %w", memberID, err)
	}
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = Row{ID: r.ID, Delta: r.Delta, BalanceAfter: r.BalanceAfter, Kind: Kind(r.Kind), Reference: r.Reference, Note: r.Note, CreatedAt: r.CreatedAt}
	}
	return out, nil
}

// Audit returns a member's balance and the sum of their ledger rows; the two
// are equal unless something bypassed the ledger.
func Audit(ctx context.Context, conn db.DBTX, memberID int64) (balance, ledgerSum int64, err error) {
	q := db.New(conn)
	if balance, err = q.MemberBalance(ctx, memberID); err != nil {
		return 0, 0, fmt.Errorf("balance of member %d: %w", memberID, err)
	}
	if ledgerSum, err = q.LedgerSum(ctx, memberID); err != nil {
		return 0, 0, fmt.Errorf("ledger sum of member %d: %w", memberID, err)
	}
	return balance, ledgerSum, nil
}

// BookPurchase books bought credits and makes the member premium (paid_user):
// a free member becomes premium with the first credit purchase. The billing
// area calls it in the transaction that completes the order, with the order
// as reference, so a repeated webhook books once (ErrAlreadyBooked). It
// returns the new balance and whether this purchase made the member premium.
func BookPurchase(ctx context.Context, tx pgx.Tx, memberID, amount int64, reference, note string) (balance int64, becamePaid bool, err error) {
	if amount <= 0 {
		return 0, false, ErrZero
	}
	if reference == "" {
		return 0, false, ErrNoReference
	}
	balance, err = Post(ctx, tx, Entry{MemberID: memberID, Delta: amount, Kind: Purchase, Reference: reference, Note: note})
	if err != nil {
		return 0, false, err
	}
	changed, err := db.New(tx).MemberMarkPaid(ctx, memberID)
	if err != nil {
		return 0, false, fmt.Errorf("mark member %d paid: %w", memberID, err)
	}
	if changed == 1 {
		if err := live.Publish(ctx, tx, memberID, live.Event{Type: live.TypeUser, Data: PaidEvent{PaidUser: true}}); err != nil {
			return 0, false, err
		}
	}
	return balance, changed == 1, nil
}

// Charge spends credits on what reference names (a message, a photo, a
// gift); it fails with ErrInsufficient, changing nothing, when the balance
// is too low.
func Charge(ctx context.Context, tx pgx.Tx, memberID, amount int64, kind Kind, reference string) (int64, error) {
	if amount <= 0 {
		return 0, ErrZero
	}
	return Post(ctx, tx, Entry{MemberID: memberID, Delta: -amount, Kind: kind, Reference: reference})
}

// ChargeAtCommit is Charge for a transaction that sends its last
// statements in one batch with its COMMIT (database.Pipelined: a message
// and its charge): the charge is queued on b, and tx has locked the
// member's row and read balance from it, so the balance after is known
// before the batch goes; it returns that and announces it as Post does. A
// refusal the balance shows fails at once; one the statement meets at
// COMMIT (a reference booked before, a balance read wrong) fails the batch
// with ErrAlreadyBooked or ErrInsufficient, and the transaction keeps
// nothing.
func ChargeAtCommit(ctx context.Context, tx pgx.Tx, b *pgx.Batch, memberID, balance, amount int64, kind Kind, reference string) (int64, error) {
	switch {
	case amount <= 0:
		return 0, ErrZero
	case amount > balance:
		return 0, ErrInsufficient
	}
	q := db.New(database.Execs{Batch: b, Refused: bookRefused})
	if err := q.BookAtCommit(ctx, db.BookAtCommitParams{MemberID: memberID, Delta: -amount, Kind: string(kind), Reference: reference}); err != nil {
		return 0, err
	}
	after := balance - amount
	// The member's open pages learn the new balance when tx commits.
	if err := live.Publish(ctx, tx, memberID, live.Event{Type: live.TypeCredits, Data: BalanceEvent{Credits: after}}); err != nil {
		return 0, err
	}
	return after, nil
}

// bookRefused is the refusal BookAtCommit's statement met, in Post's terms.
func bookRefused(err error) error {
	switch {
	case database.Violated(err, "members_credits_check"):
		return ErrInsufficient
	case database.Violated(err, "ledger_reference"):
		return ErrAlreadyBooked
	}
	return fmt.Errorf("book at commit: %w", err)
}

// TakeBack takes back up to amount credits (a refunded purchase) inside tx
// and returns how many it took: never more than the balance, because
// balances never go below zero; the caller records the rest as spent. The
// reference ("refund:order:9") books it at most once: a second take-back
// with the same reference fails with ErrAlreadyBooked. Taking nothing (an
// empty balance) books no row.
func TakeBack(ctx context.Context, tx pgx.Tx, memberID, amount int64, reference, note string) (int64, error) {
	if amount <= 0 {
		return 0, ErrZero
	}
	if reference == "" {
		return 0, ErrNoReference
	}
	q := db.New(tx)
	balance, err := q.MemberBalanceForUpdate(ctx, memberID)
	if err != nil {
		return 0, fmt.Errorf("lock balance of member %d: %w", memberID, err)
	}
	if _, err := q.LedgerByReference(ctx, db.LedgerByReferenceParams{MemberID: memberID, Kind: string(Refund), Reference: reference}); err == nil {
		return 0, ErrAlreadyBooked
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("look up take-back %s of member %d: %w", reference, memberID, err)
	}
	take := min(amount, balance)
	if take == 0 {
		return 0, nil
	}
	if _, err := Post(ctx, tx, Entry{MemberID: memberID, Delta: -take, Kind: Refund, Reference: reference, Note: note}); err != nil {
		return 0, err
	}
	return take, nil
}

// Mismatch is a member whose balance differs from their ledger.
type Mismatch struct {
	MemberID  int64
	Balance   int64
	LedgerSum int64
}

// AuditTenant lists the members of a tenant whose balance is not the sum of
// their ledger rows; the answer is empty unless something bypassed the
// ledger.
func AuditTenant(ctx context.Context, conn db.DBTX, tenantID int64) ([]Mismatch, error) {
	rows, err := db.New(conn).LedgerMismatches(ctx, tenantID)
	if err != nil {
		return nil, fmt.Errorf("audit ledger of tenant %d: %w", tenantID, err)
	}
	out := make([]Mismatch, len(rows))
	for i, r := range rows {
		out[i] = Mismatch{MemberID: r.ID, Balance: r.Credits, LedgerSum: r.LedgerSum}
	}
	return out, nil
}
