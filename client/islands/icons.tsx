// Two Ionicons (MIT) drawn inline: the react-icons runtime would add ~1.9 KB gzip to every
// page's JavaScript, and the islands' budget is tight (see README, Performance).
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  viewBox: "0 0 512 512",
  fill: "none",
  stroke: "currentColor",
  strokeLinecap: "round",
  strokeLinejoin: "round",
  strokeWidth: 32,
  focusable: false,
} as const;

export function MoonIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...base} {...props}>
      <path d="M160 136c0-30.62 4.51-61.61 16-88C99.57 81.27 48 159.32 48 248c0 119.29 96.71 216 216 216 88.68 0 166.73-51.57 200-128-26.39 11.49-57.38 16-88 16-119.29 0-216-96.71-216-216z" />
    </svg>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...base} {...props}>
      <path d="M256 48v48M256 416v48M403.08 108.92l-33.94 33.94M142.86 369.14l-33.94 33.94M464 256h-48M96 256H48M403.08 403.08l-33.94-33.94M142.86 142.86l-33.94-33.94" />
      <circle cx="256" cy="256" r="80" />
    </svg>
  );
}

export function ImagesIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...base} {...props}>
      <rect x="48" y="80" width="352" height="272" rx="45" />
      <path d="M432 112v240a48 48 0 0 1-48 48H96M176 128a32 32 0 1 0 .01 0" />
      <path d="m48 288 86.9-80.4a32 32 0 0 1 43.68 0L288 304M256 272l54.4-54.4a32 32 0 0 1 45.2 0L400 262" />
    </svg>
  );
}
