/**
 * Validation messages are i18n keys (namespace "validation"); the web translates them,
 * so one schema serves the server's 400 answer and the form's inline errors.
 */
export const V = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  loginEmail: 'validation.loginEmail',
  loginPassword: 'validation.loginPassword',
  phone11: 'validation.phone11',
  passwordWeak: 'validation.passwordWeak',
  terms: 'validation.terms',
  document: 'validation.document',
  chatTitle: 'validation.chatTitle',
  chatUsers: 'validation.chatUsers',
  time: 'validation.time',
  companyLimit: 'validation.companyLimit',
  choosePlan: 'validation.choosePlan',
} as const;
