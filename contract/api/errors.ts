/** Every 4xx of the API (ARCHITECTURE.md "Error shape"). */
export interface ApiError {
  message: string;
  errors?: Record<string, string[]>;
}
