/** What the home page shows before the owner has written their own (also the demo content). */
export const DEFAULT_HERO = {
  title: 'Invest in Dubai with Confidence',
  subtitle:
    'Clear, honest guidance on off-plan property, financing and the Golden Visa from a mentor with 26 years in property.',
} as const;

export const DEFAULT_INTRO = {
  heading: 'Meet Your Dubai Property Mentor',
  subheading: 'From UK mortgages and social housing to Dubai off-plan: 26 years of helping people buy well',
  paragraph1:
    'I started my career in the United Kingdom, where I qualified as a mortgage adviser and spent 16 years at a housing association helping families into secure, affordable homes. Over 26 years in property I have learned that the best decisions come from clear numbers, patient explanation and honest advice.',
  paragraph2:
    'Today I live in Dubai and specialise in off-plan property as an agent licensed by the Real Estate Regulatory Agency (RERA). I walk investors and families through every step, from choosing a developer and reading a payment plan to financing and the Golden Visa, so that you can invest with confidence rather than guesswork.',
} as const;
