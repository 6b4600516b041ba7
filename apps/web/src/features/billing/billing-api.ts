export const billingQueryKey = (token: string | null) => ['billing', token] as const;
export const creditHistoryQueryKey = (token: string | null) => ['credit-history', token] as const;
