/**
 * What the API answers for a field that a schema refuses without a text of ours (zod's own
 * refusals): one text per kind of refusal, with its limit as a value (error-codes.ts).
 */
export const VALIDATION_MESSAGES = {
  tooLong: 'Please keep this under {max} characters.',
  tooShort: 'Please enter at least {min} characters.',
  tooLarge: 'Please enter a value no larger than {max}.',
  tooSmall: 'Please enter a value of at least {min}.',
  required: 'This field is required.',
  invalidFormat: 'Please check the format of this field.',
  invalidChoice: 'Please choose one of the options offered.',
  invalid: 'Please check this field.',
} as const;
