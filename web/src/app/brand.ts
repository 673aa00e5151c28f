/** Product and chain names shown in the shell. The chain name can be set at build time with VITE_CHAIN_NAME. */
export const PRODUCT_NAME = 'Loyalty Portal';
export const CHAIN_NAME: string = import.meta.env.VITE_CHAIN_NAME || 'Loyalty Portal';
/** Supermarket green, the antd primary colour: dark enough for white text on it and for links on white (5.4:1). */
export const BRAND_COLOR = '#1a7a43';
/** The spec's footer: copyright text for the year 2022. */
export const COPYRIGHT_YEAR = 2022;
