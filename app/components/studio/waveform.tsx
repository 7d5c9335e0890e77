/** An audio file's peaks (0..1) as bars; decorative, the player next to it is the control. */
export function Waveform({
  peaks,
  className = "h-20 w-full",
}: {
  peaks: number[];
  className?: string;
}) {
  if (peaks.length === 0) return null;
  const width = peaks.length * 3;
  return (
    <svg
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      className={`${className} text-accent`}
      aria-hidden="true"
    >
      {peaks.map((peak, index) => {
        const height = Math.max(2, peak * 100);
        return (
          <rect
            key={index}
            x={index * 3}
            y={(100 - height) / 2}
            width={2}
            height={height}
            fill="currentColor"
          />
        );
      })}
    </svg>
  );
}
