# negative: the chip case (cases/chip.sh + chip.check, see neg_chip.conf) on a
# snapshot whose expected name (sim-ad102) disagrees with its BOOT_0 (GH100)
