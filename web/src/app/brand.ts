/** Product and chain names shown in the shell. The chain name can be set at build time with VITE_CHAIN_NAME. */
export const PRODUCT_NAME = 'Loyalty Portal';
export const CHAIN_NAME: string = import.meta.env.VITE_CHAIN_NAME || 'Loyalty Portal';
/** Supermarket green, the antd primary colour. */
export const BRAND_COLOR = '#1f8f4e';
/** The spec's footer: copyright text for the year 2022. */
export const COPYRIGHT_YEAR = 2022;
