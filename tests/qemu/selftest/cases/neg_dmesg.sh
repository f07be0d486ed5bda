# negative: a WARNING line in dmesg fails a run whose command passed (121)
echo "WARNING: harness self-test" > /dev/kmsg
