import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets test runs build beside a running server without touching its files.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
