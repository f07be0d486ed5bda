# negative: a kernel panic must be reported (122)
echo c > /proc/sysrq-trigger
