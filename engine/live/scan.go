package live

import "strconv"

// scanNotifications reads a notification payload in the form encode and
// Outbox.batches write it (`{"m":1,"t":"message","d":{...}}`, or an array
// of them) without decoding the events' data, which an instance only
// copies into the frames of the streams it holds and skips for every other
// member: with json.Unmarshal the listener validated and copied every
// event's data, on every instance, whoever held the member's streams. The
// events' data are slices of payload. ok is false for a payload in any
// other form (dispatch then decodes it as JSON); list is appended to buf.
func scanNotifications(payload []byte, buf []notification) (list []notification, ok bool) {
	list = buf
	if len(payload) > 0 && payload[0] == '[' {
		rest := payload[1:]
		for {
			var n notification
			if n, rest, ok = scanNotification(rest); !ok || len(rest) == 0 {
				return nil, false
			}
			list = append(list, n)
			switch rest[0] {
			case ',':
				rest = rest[1:]
				continue
			case ']':
				return list, len(rest) == 1
			}
			return nil, false
		}
	}
	n, rest, ok := scanNotification(payload)
	if !ok || len(rest) != 0 {
		return nil, false
	}
	return append(list, n), true
}

// scanNotification reads one notification at the start of b and answers
// what follows it.
func scanNotification(b []byte) (n notification, rest []byte, ok bool) {
	const member, typ, data = `{"m":`, `,"t":"`, `,"d":`
	if !hasPrefix(b, member) {
		return n, nil, false
	}
	b = b[len(member):]
	i := 0
	for i < len(b) && (b[i] >= '0' && b[i] <= '9' || i == 0 && b[i] == '-') {
		i++
	}
	id, err := strconv.ParseInt(string(b[:i]), 10, 64)
	if err != nil || !hasPrefix(b[i:], typ) {
		return n, nil, false
	}
	b = b[i+len(typ):]
	// Types that need no escaping only (plainType); encode marshals others.
	i = 0
	for i < len(b) && (b[i] >= 'a' && b[i] <= 'z' || b[i] == '_') {
		i++
	}
	if i == 0 || i == len(b) || b[i] != '"' {
		return n, nil, false
	}
	n.Member, n.Type, b = id, eventType(b[:i]), b[i+1:]
	if hasPrefix(b, data) {
		end := valueEnd(b[len(data):])
		if end == 0 {
			return n, nil, false
		}
		n.Data, b = b[len(data):len(data)+end:len(data)+end], b[len(data)+end:]
	}
	if len(b) == 0 || b[0] != '}' {
		return n, nil, false
	}
	return n, b[1:], true
}

// valueEnd is the length of the JSON value at the start of b as
// json.Marshal writes one (compact), 0 when b starts with none: an object,
// array or string ends where its brackets balance outside strings, a
// number or literal before the next delimiter.
func valueEnd(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	switch b[0] {
	case '{', '[', '"':
	default:
		for i, c := range b {
			if c == ',' || c == '}' || c == ']' {
				return i
			}
		}
		return 0
	}
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
				if depth == 0 {
					return i + 1
				}
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// eventType is the type named by b, the constant for the engine's own
// types (no string made per event).
func eventType(b []byte) string {
	for _, t := range []string{TypeMessage, TypeCredits, TypeRead, TypeTyping, TypeLike, TypeUser} {
		if string(b) == t {
			return t
		}
	}
	return string(b)
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }
