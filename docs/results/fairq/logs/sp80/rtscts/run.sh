cd /work/main
R="--ns3::WifiRemoteStationManager::RtsCtsThreshold=0"
for c in "s0-none --mpShare=0 --profile=none" "s80-mpsdn --mpShare=0.8 --profile=mpsdn --bridge=sim/scripts/bridge.sh"; do
  set -- $c; tag=$1; shift
  nice -n 19 sim/build/mpsdn-scenario --seed=1 --simTime=60 --warmup=10 --uplink=1 "$@" $R --verbose=1 --tag=$tag \
    --rev=fe74f18572c2-rtscts --out=/work/r9/rts/fig18.csv --flowsOut=/work/r9/rts/fig18-flows.csv 2> /work/r9/rts/$tag-seed1.verbose > /dev/null
done
echo done > /work/r9/rts/DONE
