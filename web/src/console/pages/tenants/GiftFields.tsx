// The gifts members send in chat, as a list of rows to add, edit and remove.
import { useTranslation } from 'react-i18next'
import { Button, Input, Muted } from '../../ui'
import { described, Problem, Section, Stack } from './fields'
import type { Gift, Problems } from './draft'

/** GiftFields edits gifts; credits left empty is the brand's gift_credits. */
export function GiftFields({ gifts, problems, onChange }: { gifts: Gift[]; problems: Problems; onChange: (g: Gift[]) => void }) {
  const { t } = useTranslation()
  const set = (i: number, g: Gift) => onChange(gifts.map((o, j) => (j === i ? g : o)))
  const text = (i: number, g: Gift, key: 'id' | 'name' | 'icon', label: string, column: string) => {
    const name = `gifts[${i}].${key}`
    return (
      <td data-label={column}>
        <Input {...described(name, problems)} aria-label={label} value={g[key]} onChange={(e) => set(i, { ...g, [key]: e.target.value })} />
        <Problem name={name} problems={problems} />
      </td>
    )
  }
  return (
    <Section>
      <legend>{t('console.brand.gifts')}</legend>
      <Muted>{t('console.brand.giftsHint')}</Muted>
      <Stack>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('console.brand.giftId')}</th>
              <th scope="col">{t('console.brand.giftName')}</th>
              <th scope="col">{t('console.brand.giftIcon')}</th>
              <th scope="col">{t('console.brand.giftCredits')}</th>
              <th scope="col">{t('console.brand.remove')}</th>
            </tr>
          </thead>
          <tbody>
            {gifts.map((g, i) => {
              const row = i + 1
              const credits = `gifts[${i}].credits`
              return (
                <tr key={i}>
                  {text(i, g, 'id', t('console.brand.giftIdOf', { row }), t('console.brand.giftId'))}
                  {text(i, g, 'name', t('console.brand.giftNameOf', { row }), t('console.brand.giftName'))}
                  {text(i, g, 'icon', t('console.brand.giftIconOf', { row }), t('console.brand.giftIcon'))}
                  <td data-label={t('console.brand.giftCredits')}>
                    <Input {...described(credits, problems)} type="number" min={0} aria-label={t('console.brand.giftCreditsOf', { row })}
                      value={g.credits ?? ''} onChange={(e) => set(i, { ...g, credits: e.target.value === '' ? undefined : Number(e.target.value) })} />
                    <Problem name={credits} problems={problems} />
                  </td>
                  <td>
                    <Button type="button" $quiet onClick={() => onChange(gifts.filter((_, j) => j !== i))}>
                      {t('console.brand.removeGift', { row })}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </Stack>
      <Problem name="gifts" problems={problems} />
      <p>
        <Button type="button" $quiet onClick={() => onChange([...gifts, { id: '', name: '', icon: '' }])}>
          {t('console.brand.addGift')}
        </Button>
      </p>
    </Section>
  )
}
