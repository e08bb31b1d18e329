cd /work/main
for seed in 1 3; do
  nice -n 19 sim/build/mpsdn-scenario --seed=$seed --simTime=60 --warmup=10 --mpShare=0.8 --uplink=1 --profile=mpsdn \
    --bridge=sim/scripts/bridge.sh --verbose=1 --tag=s80-mpsdn --rev=fe74f18572c2 \
    --out=/work/r9/sp/summary.csv --flowsOut=/work/r9/sp/flows.csv 2> /work/r9/sp/s80-mpsdn-seed$seed.verbose > /dev/null
done
echo done > /work/r9/sp/DONE
