/** Loading skeleton: 3 cards, the donut, 6 legend rows and 6 cluster rows. */
export function ReportSkeleton() {
  return (
    <div
      className="report-skeleton"
      aria-busy="true"
      aria-label="Loading report"
      data-testid="report-skeleton"
      role="status"
    >
      <div className="stat-cards">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card stat-card">
            <div className="sk sk-line sk-short" />
            <div className="sk sk-line sk-big" />
            <div className="sk sk-line" />
          </div>
        ))}
      </div>
      <div className="card chart-card">
        <div className="chart-layout">
          <div className="sk sk-donut" />
          <div className="sk-legend">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="sk sk-line" />
            ))}
          </div>
        </div>
      </div>
      <div className="card">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="sk sk-row" />
        ))}
      </div>
      <span className="sr-only">Loading report…</span>
    </div>
  );
}
