// The products the lab stand-in prints: real Prodigi SKUs for photographic wall art (fine-art
// prints on Enhanced Matte Art and on Hahnemühle Photo Rag, one framed print), in one place.
// The costs are made up (Prodigi's depend on the account and the destination), in pounds, as a
// UK account is charged. Prodigi matches SKUs without regard to case.
import type { ShippingMethod } from "./types.ts";

export interface Product {
  sku: string;
  description: string;
  /** Inches, as Prodigi sizes these products. */
  size: { width: number; height: number };
  /** Made-up cost of one copy, GBP. */
  cost: number;
  /** Attributes an order must give, with the values allowed. */
  attributes: Record<string, readonly string[]>;
}

const print = (sku: string, paper: string, width: number, height: number, cost: number) => ({
  sku,
  description: `${paper} fine art print, ${width}x${height}"`,
  size: { width, height },
  cost,
  attributes: {},
});

export const CATALOGUE: readonly Product[] = [
  print("GLOBAL-FAP-8X10", "Enhanced Matte Art (EMA) 200gsm", 8, 10, 5.4),
  print("GLOBAL-FAP-11X14", "Enhanced Matte Art (EMA) 200gsm", 11, 14, 8.2),
  print("GLOBAL-FAP-12X16", "Enhanced Matte Art (EMA) 200gsm", 12, 16, 9.6),
  print("GLOBAL-FAP-16X20", "Enhanced Matte Art (EMA) 200gsm", 16, 20, 13.5),
  print("GLOBAL-FAP-16X24", "Enhanced Matte Art (EMA) 200gsm", 16, 24, 15.1),
  print("GLOBAL-HPR-8X10", "Hahnemühle Photo Rag 308gsm", 8, 10, 9.9),
  print("GLOBAL-HPR-12X16", "Hahnemühle Photo Rag 308gsm", 12, 16, 16.8),
  print("GLOBAL-HPR-16X20", "Hahnemühle Photo Rag 308gsm", 16, 20, 23.4),
  {
    sku: "GLOBAL-CFPM-16X20",
    description: 'Classic framed print with mount, 16x20"',
    size: { width: 16, height: 20 },
    cost: 42.0,
    attributes: { color: ["black", "white", "natural", "brown", "gold", "silver"] },
  },
];

/** Made-up shipping cost of an order by method, GBP, whatever its destination. */
export const SHIPPING_COST: Record<ShippingMethod, number> = {
  Budget: 4.5,
  Standard: 7.95,
  Express: 15.0,
  Overnight: 24.0,
};

/** The carrier a shipment goes with, by method (names as Prodigi reports them). */
export const CARRIER: Record<ShippingMethod, { name: string; service: string }> = {
  Budget: { name: "Royal Mail", service: "International Standard" },
  Standard: { name: "Royal Mail", service: "Tracked 48" },
  Express: { name: "DHL", service: "Express Worldwide" },
  Overnight: { name: "DHL", service: "Express 9:00" },
};

export function findProduct(sku: string): Product | undefined {
  const wanted = sku.toUpperCase();
  return CATALOGUE.find((product) => product.sku === wanted);
}
