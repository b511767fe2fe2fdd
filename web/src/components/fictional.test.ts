import { describe, expect, it } from 'vitest'
import { fictionalTexts } from './fictional'

describe('fictional-profile markers', () => {
  const settings = {
    fictional_warning: 'Sommige profielen zijn fictief.',
    fictional_singular: 'Fictief profiel',
    fictional_plural: 'Fictieve profielen',
    fictional_texts: {
      nl: { warning: 'Sommige profielen zijn fictief.', singular: 'Fictief profiel', plural: 'Fictieve profielen' },
      en: { warning: 'Some profiles are fictional.', singular: 'Fictional profile', plural: 'Fictional profiles' },
    },
  }
  it("are the reader's language's", () => {
    expect(fictionalTexts(settings, 'en').singular).toBe('Fictional profile')
    expect(fictionalTexts(settings, 'nl').singular).toBe('Fictief profiel')
  })
  it('fall back to the single strings where the brand gives no languages', () => {
    const single = { ...settings, fictional_texts: undefined }
    expect(fictionalTexts(single, 'en')).toEqual({
      warning: 'Sommige profielen zijn fictief.',
      singular: 'Fictief profiel',
      plural: 'Fictieve profielen',
    })
  })
})
