# mmiotrace: the stub's probe-time accesses (read BOOT_0, write the marker)
# reach the host as an ordered per-GPU list (checked by mmiotrace.check)
cat /proc/gpu0/chip /proc/gpu1/chip
