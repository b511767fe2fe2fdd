import { useId, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { Input, Label } from '../../../../components/Form'
import { useLoad } from '../../../../api/useLoad'
import { useServices } from '../../../../state/context'
import { color, radius, shadow, space } from '../../../../theme/theme'
import { accountApi, type Place } from '../../api'

/* The list takes its room below the field rather than lying over the
   step's buttons: a tap meant for Next never takes a suggestion. */
const List = styled.ul`
  margin: ${space(1)} 0 0;
  padding: ${space(1)} 0;
  list-style: none;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  box-shadow: ${shadow.card};
  li {
    padding: ${space(2)} ${space(3)};
    color: ${color.text};
    cursor: pointer;
  }
  li[aria-selected='true'] {
    background: ${color.border};
  }
`

/** placeText is how a suggestion reads: the city and its region. */
export const placeText = (p: Place): string => (p.region ? `${p.city}, ${p.region}` : p.city)

/** MIN_TYPED is how many letters a member types before places are suggested. */
const MIN_TYPED = 2

/** SHOWN is how many suggestions the list shows at most. */
const SHOWN = 8

/**
 * CityField is the city a member types, with the engine's places of the
 * countries (the first one's first) whose name starts with it as suggestions (a combobox: the arrow
 * keys move through them, Enter takes one, Escape closes them). Taking a
 * place gives its region too; typing again forgets it. The list takes its
 * room below the field and stays until a place is taken, Escape or another
 * field.
 */
export function CityField({
  label,
  listLabel,
  countries,
  value,
  onType,
  onChoose,
}: {
  label: string
  /** listLabel names the suggestions (not the field's label, which names the field alone). */
  listLabel: string
  countries: string[]
  value: string
  onType: (city: string) => void
  onChoose: (place: Place) => void
}) {
  const { api } = useServices()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const typed = value.trim()
  const { state } = useLoad(open && typed.length >= MIN_TYPED && countries.length ? `places|${countries.join(',')}|${typed}` : null, (signal) =>
    Promise.all(countries.map((c) => accountApi(api).places(c, typed, signal))).then((lists) => lists.flat().slice(0, SHOWN)),
  )
  const places = open && state.status === 'done' ? state.data : []
  const shown = places.length > 0

  const choose = (p: Place) => {
    onChoose(p)
    setOpen(false)
    setActive(-1)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && shown) {
      e.preventDefault()
      setActive((i) => (i + 1) % places.length)
    } else if (e.key === 'ArrowUp' && shown) {
      e.preventDefault()
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1))
    } else if (e.key === 'Enter' && shown && active >= 0) {
      e.preventDefault()
      choose(places[active])
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault()
      setOpen(false)
    }
  }

  return (
    <>
      <Label htmlFor={`${id}-city`}>{label}</Label>
      <Input
        id={`${id}-city`}
        name="city"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-places`}
        aria-activedescendant={shown && active >= 0 ? `${id}-place-${active}` : undefined}
        maxLength={80}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onType(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        // Moving on to another field closes the list; a tap on a button does
        // not: the list closing under the finger would move the button away
        // before the tap ends (and the tap would be lost).
        onBlur={(e) => {
          if (e.relatedTarget instanceof HTMLElement && e.relatedTarget.matches('input, select, textarea')) setOpen(false)
        }}
        data-testid="city-field"
      />
      <List id={`${id}-places`} role="listbox" aria-label={listLabel} hidden={!shown}>
        {places.map((p, i) => (
          <li
            key={`${p.city}|${p.region_code}`}
            id={`${id}-place-${i}`}
            role="option"
            aria-selected={i === active}
            // Before the field's blur closes the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(p)}
          >
            {placeText(p)}
          </li>
        ))}
      </List>
    </>
  )
}
