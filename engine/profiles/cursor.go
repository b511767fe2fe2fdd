package profiles

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"slices"
)

// cursor is where a search's next page starts (the key of the last member
// shown in the page's order) and, in the activity order, when the first
// page was loaded and whom the pages so far showed: a member who became
// active since then leads the next page unless shown already, so paging
// while members become active neither repeats nor skips anyone.
type cursor struct {
	Sort  string  `json:"s"`
	Page  int     `json:"p"`
	Since int64   `json:"t,omitempty"` // unix microseconds
	At    int64   `json:"a,omitempty"` // unix microseconds
	Chord float64 `json:"d,omitempty"`
	ID    int64   `json:"i"`
	// Shown travels as ShownPacked: sorted, delta- and varint-coded, as a
	// thousand ids as JSON numbers would make a long address.
	Shown       []int64 `json:"-"`
	ShownPacked []byte  `json:"v,omitempty"`
}

var errBadCursor = &FilterError{Field: "after", Message: "after must be the next cursor of the search before."}

// readCursor decodes the cursor of a search in order sort ("" is the first
// page).
func readCursor(after, sort string) (cursor, error) {
	c := cursor{Sort: sort}
	if after == "" {
		return c, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(after)
	if err != nil || json.Unmarshal(raw, &c) != nil || c.Sort != sort || c.ID <= 0 || c.Page < 1 {
		return cursor{}, errBadCursor
	}
	var prev int64
	for b := c.ShownPacked; len(b) > 0; {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return cursor{}, errBadCursor
		}
		prev += int64(d)
		c.Shown = append(c.Shown, prev)
		b = b[n:]
	}
	return c, nil
}

// next is the cursor after page (its number) of rows.
func (c cursor) next(sort string, page int, rows []found) string {
	n := cursor{Sort: sort, Page: page, Since: c.Since, At: c.At, Chord: c.Chord, ID: c.ID}
	for _, r := range rows {
		if !r.risen {
			n.At, n.Chord, n.ID = r.at.UnixMicro(), r.chord, r.id
		}
	}
	if sort == SortActive {
		shown := slices.Clone(c.Shown)
		for _, r := range rows {
			shown = append(shown, r.id)
		}
		slices.Sort(shown)
		var prev int64
		for _, id := range slices.Compact(shown) {
			n.ShownPacked = binary.AppendUvarint(n.ShownPacked, uint64(id-prev))
			prev = id
		}
	} else {
		n.Since = 0
	}
	raw, _ := json.Marshal(n) // a struct of numbers and bytes always encodes
	return base64.RawURLEncoding.EncodeToString(raw)
}
