cd /work/wt/diag
for c in "s80-mpsdn --mpShare=0.8 --profile=mpsdn --bridge=/work/wt/diag/sim/scripts/bridge.sh" "s0-none --mpShare=0 --profile=none"; do
  set -- $c; tag=$1; shift
  nice -n 19 sim/build/mpsdn-scenario --seed=3 --simTime=60 --warmup=10 --uplink=1 "$@" --verbose=1 --tag=$tag \
    --rev=macdiag --out=/work/r9/mac/fig18.csv --flowsOut=/work/r9/mac/fig18-flows.csv 2> /work/r9/mac/$tag-seed3.verbose > /dev/null
done
echo done > /work/r9/mac/DONE3
