import type { SiteSettings } from '@oasis/shared/api';
import { DEFAULT_ENROLMENT_THRESHOLD } from '@oasis/shared/selling';

/** Sensible defaults for a fresh site; the owner changes them in the admin area. */
export const DEFAULT_SETTINGS: SiteSettings = {
  brandName: 'Oasis Property Academy',
  email: 'hello@oasis.example',
  phone: '+971 50 123 4567',
  address: 'Dubai Silicon Oasis, Dubai, United Arab Emirates',
  addressAr: '',
  chatUrl: 'https://wa.me/971501234567',
  // Optional: a fresh site links to no other website until the owner names one.
  brandSiteUrl: '',
  social: {
    linkedin: 'https://www.linkedin.com/',
    youtube: 'https://www.youtube.com/',
    instagram: 'https://www.instagram.com/',
    tiktok: 'https://www.tiktok.com/',
    facebook: 'https://www.facebook.com/',
  },
  arabicCurrency: 'AED',
  enrolmentThreshold: DEFAULT_ENROLMENT_THRESHOLD,
  // No WhatsApp button until the owner gives a number.
  whatsappNumber: '',
};
