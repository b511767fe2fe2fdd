// The operators' console: its own entry (admin.html), served only on the
// console hosts at /admin/. Nothing here is imported by the member app.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { consoleApi } from './api'
import { ConsoleApp } from './App'
import { initConsoleI18n } from './i18n'

const i18n = await initConsoleI18n()
document.title = i18n.t('console.title')

createRoot(document.getElementById('console')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ConsoleApp api={consoleApi} />
    </I18nextProvider>
  </StrictMode>,
)
