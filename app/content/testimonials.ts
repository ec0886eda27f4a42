/** Client stories (home page and review structured data). Fictional clients. */
import { claimIn } from "#domain/claims/register";

export interface Testimonial {
  id: string;
  name: string;
  title: string;
  company: string;
  content: string;
  /** Stars out of five. */
  rating: number;
  /** An emoji avatar; decorative. */
  image: string;
}

export const testimonials: Testimonial[] = [
  {
    id: "priya-raman",
    name: "Priya Raman",
    title: "Founder & CEO",
    company: "Cadence Health Analytics",
    content: `We needed capital to hire ahead of two hospital contracts and did not want to reprice our next equity round. Harborline understood our recurring revenue, gave us a decision in two days and ${claimIn("testimonial-closed-in-18-days", "we closed in 18 days")}. We kept every share.`,
    rating: 5,
    image: "👩🏽‍💼",
  },
  {
    id: "marcus-bell",
    name: "Marcus Bell",
    title: "Co-founder & CTO",
    company: "Lumen Fieldworks",
    content: `The revenue-based facility let us fund our hardware roadmap without giving up a board seat. That funding ${claimIn("testimonial-accelerated-6-months", "accelerated our development by 6 months")}, and repayments flex with our revenue, so a slow month never squeezes payroll.`,
    rating: 5,
    image: "👨🏾‍💻",
  },
  {
    id: "elena-vasquez",
    name: "Elena Vasquez",
    title: "Owner",
    company: "Harvest & Hearth Bakeries",
    content:
      "Banks kept asking for three more years of history. Harborline looked at our actual sales, structured a loan for our third location, and explained every term in plain English. The new store paid for itself within a year.",
    rating: 5,
    image: "👩🏻‍🍳",
  },
];

export const testimonialsIntro = {
  eyebrow: "Client stories",
  title: "Founders who funded growth on their own terms",
  description:
    "How growing companies used non-dilutive capital to reach their next milestone, without giving up ownership.",
} as const;
