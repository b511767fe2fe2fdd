import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

test('an unknown page answers 404 with the error page', async () => {
  const s = await open('us.localhost')
  try {
    const res = await s.goto('/no/such/page')
    assert.equal(res.status(), 404)
    await s.page.getByText('This page could not be found', { exact: true }).waitFor()
    const back = s.page.getByRole('link', { name: 'Back to the home page' })
    assert.equal(await back.getAttribute('href'), '/')
    await back.click()
    await s.page.getByTestId('home-hero').waitFor()
    assert.equal(new URL(s.page.url()).pathname, '/')
  } finally {
    await s.close()
  }
})

test('every kind of page renders in its layout', async () => {
  const s = await open('us.localhost')
  try {
    for (const [path, layout] of [
      ['/pages/terms', 'default'],
      ['/terms', 'default'],
      ['/pricing', 'default'],
      ['/chats', 'chat'],
      ['/landers/gallery/summer', 'lander'],
      ['/members/12/landing2', 'lander'],
      ['/signup', 'empty'],
      ['/credits/3/ideal', 'default'],
    ]) {
      const res = await s.goto(path)
      assert.equal(res.status(), 200, path)
      await s.page.locator(`[data-layout="${layout}"] main h1`).first().waitFor()
    }
  } finally {
    await s.close()
  }
})

test('a wrong password shows the login error', async () => {
  const s = await open('us.localhost')
  try {
    await s.goto('/login')
    const form = s.page.getByTestId('login-form')
    await form.getByLabel('E-mail address').fill('nobody@example.test')
    await form.getByLabel('Password').fill('wrong password')
    await form.getByRole('button', { name: 'Log in' }).click()
    const error = s.page.getByTestId('login-error')
    await error.waitFor()
    assert.equal(await error.textContent(), 'Login failed, please try again')
    assert.equal(await error.getAttribute('role'), 'alert')
  } finally {
    await s.close()
  }
})
