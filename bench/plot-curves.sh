#!/bin/sh
# Draws the scaling curves from the CSV files of fleetwave-bench-curves,
# fleetwave-bench-reconcile --curve and fleetwave-bench-serve --curve into PNG files
# (docs/benchmarks.md shows them).
#
#   bench/plot-curves.sh CSV_DIR OUT_DIR      e.g. bench/plot-curves.sh /tmp/bench-data docs
#
# Needs gnuplot (Debian: gnuplot-nox). Not run by CI: the PNGs are committed.
set -eu
in=${1:?usage: plot-curves.sh CSV_DIR OUT_DIR}
out=${2:?usage: plot-curves.sh CSV_DIR OUT_DIR}
command -v gnuplot >/dev/null || { echo "gnuplot is needed (apt-get install gnuplot-nox)" >&2; exit 1; }
mkdir -p "$out"

# render_curve NAME XLABEL TITLE: time and peak memory of one cluster's render against column 1.
render_curve() {
  csv="$in/$1.csv"
  [ -f "$csv" ] || { echo "skipping $1: no $csv" >&2; return 0; }
  gnuplot <<EOF
set terminal pngcairo size 1100,460 font "sans,10"
set output "$out/$1.png"
set datafile separator ","
set key top left
set grid
set logscale x
set multiplot layout 1,2 title "$3"
set xlabel "$2"
set ylabel "wall time of one process (ms, median)"
set logscale y
plot "$csv" using 1:6 skip 1 with linespoints title "fleetwave-render, cold", \
     "" using 1:7 skip 1 with linespoints title "fleetwave-render, warm (the cluster's stored output)", \
     "" using 1:15 skip 1 with linespoints title "fleetwave-render, another cluster (the stored snapshot)", \
     "" using 1:8 skip 1 with linespoints title "cat of the same inputs", \
     "" using 1:(column(9) > 0 ? column(9) : 1/0) skip 1 with linespoints title "kubectl kustomize"
unset logscale y
set ylabel "peak RSS (MiB)"
set yrange [0:*]
plot "$csv" using 1:12 skip 1 with linespoints title "fleetwave-render, cold", \
     "" using 1:13 skip 1 with linespoints title "fleetwave-render, warm", \
     "" using 1:17 skip 1 with linespoints title "fleetwave-render, another cluster", \
     "" using 1:(column(14) > 0 ? column(14) : 1/0) skip 1 with linespoints title "kubectl kustomize"
unset multiplot
EOF
  echo "wrote $out/$1.png"
}

render_curve render-templates "templates (100 clusters)" "One cluster's render against the number of templates"
render_curve render-clusters "clusters in the inventory (100 templates)" "One cluster's render against the inventory size"
render_curve render-overrides "override rules per cluster (100 templates, 100 clusters)" "One cluster's render against overrides"

csv="$in/reconcile.csv"
if [ -f "$csv" ]; then
  gnuplot <<EOF
set terminal pngcairo size 1100,460 font "sans,10"
set output "$out/reconcile.png"
set datafile separator ","
set key top left
set grid
set logscale x
set multiplot layout 1,2 title "Reconcile cycle against the number of Argo CD Applications (apps x clusters)"
set xlabel "Applications (apps x clusters)"
set ylabel "cycle wall time (ms, median)"
set logscale y
plot "$csv" using 3:4 skip 1 with linespoints title "no-change cycle, cold (new process state)", \
     "" using 3:5 skip 1 with linespoints title "no-change cycle, warm", \
     "" using 3:6 skip 1 with linespoints title "cycle writing one step per app (one push)"
unset logscale y
set ylabel "peak RSS of the process (MiB)"
set yrange [0:*]
plot "$csv" using 3:7 skip 1 with linespoints title "peak RSS"
unset multiplot
EOF
  echo "wrote $out/reconcile.png"
fi

csv="$in/serve.csv"
if [ -f "$csv" ]; then
  # One file per line of the plot: gnuplot breaks a line at every row a filter leaves out.
  tmp=$(mktemp -d)
  awk -F, 'NR > 1 && $1 == 50 && $4 == 100' "$csv" | sort -t, -k3n >"$tmp/by-clusters.csv"
  awk -F, 'NR > 1 && $2 == 1000 && $4 == 100' "$csv" | sort -t, -k3n >"$tmp/by-apps.csv"
  awk -F, 'NR > 1 && $1 == 50 && $2 == 1000' "$csv" | sort -t, -k4n >"$tmp/by-viewers.csv"
  gnuplot <<EOF
set terminal pngcairo size 1650,460 font "sans,10"
set output "$out/serve.png"
set datafile separator ","
set key top left
set grid
set multiplot layout 1,3 title "fleetwave serve mid-rollout: the fleet page (100 live viewers), and serve's CPU per cycle"
set xlabel "Argo CD Applications (apps x clusters)"
set ylabel "fleet page (KB)"
set yrange [0:*]
plot "$tmp/by-clusters.csv" using 3:5 with linespoints title "50 apps, 100 to 1,000 clusters", \
     "$tmp/by-apps.csv" using 3:5 with linespoints title "1,000 clusters, 10 to 50 apps"
set ylabel "first view (ms)"
plot "$tmp/by-clusters.csv" using 3:6 with linespoints title "50 apps, 100 to 1,000 clusters", \
     "$tmp/by-apps.csv" using 3:6 with linespoints title "1,000 clusters, 10 to 50 apps"
set xlabel "live viewers on /events (50 apps x 1,000 clusters)"
set ylabel "serve CPU per published cycle (CPU-s)"
set yrange [0:2.5]
set logscale x
plot "$tmp/by-viewers.csv" using 4:7 with linespoints title "CPU-s per cycle", \
     2 with lines dashtype 2 title "goal (issue 28)"
unset multiplot
EOF
  rm -r "$tmp"
  echo "wrote $out/serve.png"
fi
