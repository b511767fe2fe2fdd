// The affiliate networks' postbacks: per network, the URL to call on each
// event. A network is added by its name (as in the links' network=) and
// removed whole; a URL left empty calls nothing on that event.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Muted } from '../../ui'
import { Group, Section, TextField } from './fields'
import type { Postbacks, Problems } from './draft'

/** PostbackFields edits postbacks. */
export function PostbackFields({ postbacks, events, problems, onChange }: {
  postbacks: Postbacks
  events: string[]
  problems: Problems
  onChange: (p: Postbacks | undefined) => void
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState('')
  const networks = Object.keys(postbacks)
  const set = (next: Postbacks) => onChange(Object.keys(next).length ? next : undefined)
  const setURL = (network: string, event: string, url: string) => {
    const calls = { ...postbacks[network] }
    if (url.trim()) calls[event] = url.trim()
    else delete calls[event]
    set({ ...postbacks, [network]: calls })
  }
  const name = adding.trim()
  return (
    <Section>
      <legend>{t('console.brand.postbacks.legend')}</legend>
      <Muted>{t('console.brand.postbacks.hint')}</Muted>
      {networks.map((network) => (
        <Group key={network} name={`postbacks.${network}`} legend={t('console.brand.postbacks.network', { network })} problems={problems}>
          {events.map((event) => (
            <TextField key={event} type="url" name={`postbacks.${network}.${event}`} problems={problems}
              label={t('console.brand.postbacks.url', { network, event: t(`console.brand.postbacks.event.${event}`, { defaultValue: event }) })}
              value={postbacks[network][event] ?? ''} onChange={(v) => setURL(network, event, v)} />
          ))}
          <p>
            <Button type="button" $quiet onClick={() => set(Object.fromEntries(Object.entries(postbacks).filter(([n]) => n !== network)))}>
              {t('console.brand.postbacks.remove', { network })}
            </Button>
          </p>
        </Group>
      ))}
      <TextField name="postbacks" label={t('console.brand.postbacks.newNetwork')} hint={t('console.brand.postbacks.newNetworkHint')} problems={problems}
        value={adding} onChange={setAdding} />
      <p>
        <Button type="button" $quiet disabled={!name || name in postbacks} onClick={() => {
          set({ ...postbacks, [name]: {} })
          setAdding('')
        }}>
          {t('console.brand.postbacks.add')}
        </Button>
      </p>
    </Section>
  )
}
