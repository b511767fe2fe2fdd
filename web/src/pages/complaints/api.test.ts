import { describe, expect, it } from 'vitest'
import { complaintInput } from './api'

describe('complaint body', () => {
  const form = { category: 'profile', name: ' Ann ', email: ' ann@example.test ', message: '  Rude messages all day.  ', profileId: 9 }
  it('gives a visitor name and email', () => {
    expect(complaintInput(form, false)).toEqual({ category: 'profile', name: 'Ann', email: 'ann@example.test', message: 'Rude messages all day.', profile_id: 9 })
  })
  it('leaves the account details to the server for a member', () => {
    expect(complaintInput({ ...form, category: '', profileId: null }, true)).toEqual({ message: 'Rude messages all day.' })
  })
})
