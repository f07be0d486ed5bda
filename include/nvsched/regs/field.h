/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * field.h - one style for register fields: a field is written as a
 * "hi:lo" pair, exactly as NVIDIA's manuals print it, e.g.
 *
 *	#define NV_PMC_BOOT_0_IMPLEMENTATION	23:20
 *	impl = NVS_GET(boot0, NV_PMC_BOOT_0_IMPLEMENTATION);
 *
 * NVS_HI/NVS_LO pick the two halves with the conditional operator
 * ("1 ? 23:20" is 23, "0 ? 23:20" is 20).  Only for 32-bit words.
 *
 * Fields of multi-word in-memory entries (runlist and page-table entries)
 * carry their word, as NVIDIA's dev_ram.h / dev_mmu.h write them:
 * (31+2*32):(12+2*32) is bits 31:12 of word 2.  Read them with
 * NVS_EGET(words, field), which picks the word from the field, so no
 * caller names a word.  Passing such a field to NVS_GET instead does not
 * build unless it lies in word 0 (a shift of 32 or more in a 32-bit word:
 * -Wshift-count-overflow, an error under -Werror and in W=1).
 *
 * Names, in every regs/ header: a register, field or value is named as
 * NVIDIA's manuals spell it.  Where one such name has different layouts
 * on different generations, a layout that exists only from some
 * generation on ends in the chip code of the first chip with it, as the
 * last part of the name (after the field, value or __SIZE_1):
 *
 *	NV_RAMFC_GP_BASE (Volta-Hopper), NV_RAMFC_GP_BASE_GB100 (Blackwell)
 *	NV_CE_PCE2LCE_CONFIG_GA100(i), NV_CE_PCE2LCE_CONFIG__SIZE_1_GA100
 *	NV_RAMRL_ENTRY_TYPE_GK104 (8-byte entries), _GV100 (16-byte entries)
 *
 * The code is always a chip (GB202 for the GB20x layouts), never an
 * architecture, family or version word of ours (_KEPLER, _GB, _A/_B,
 * _V1).  A name without a chip code has one layout wherever it exists; its
 * comment says where.  Version words that NVIDIA itself puts in the name
 * stay as NVIDIA writes them: NV_MMU_VER2_* and NV_MMU_VER3_* (dev_mmu.h;
 * the version-1 format is plain NV_MMU_PDE_* / NV_MMU_PTE_* there),
 * NV_RAMIN_USE_VER2_PT_FORMAT, NV_PTOP_DEVICE_INFO2, NV_PMC_BOOT_42.
 */
#ifndef NVSCHED_REGS_FIELD_H
#define NVSCHED_REGS_FIELD_H

#define NVS_HI(f)	(1 ? f)
#define NVS_LO(f)	(0 ? f)
#define NVS_WIDTH(f)	(NVS_HI(f) - NVS_LO(f) + 1)
/* mask of the field's width, right-aligned */
#define NVS_MASK(f)	(0xffffffffu >> (31 - NVS_HI(f) + NVS_LO(f)))
/* mask of the field in place */
#define NVS_FMASK(f)	(NVS_MASK(f) << NVS_LO(f))
/* value of field f in v */
#define NVS_GET(v, f)	((((unsigned int)(v)) >> NVS_LO(f)) & NVS_MASK(f))
/* x placed into field f (extra high bits dropped) */
#define NVS_SET(f, x)	((((unsigned int)(x)) & NVS_MASK(f)) << NVS_LO(f))
/* is bit/field f non-zero in v */
#define NVS_TEST(v, f)	(NVS_GET(v, f) != 0)

/* word of a multi-word entry that field f lies in */
#define NVS_WORD(f)	(NVS_LO(f) / 32)
/* value of field f (word encoded in it) of the entry whose 32-bit words
 * are e[0], e[1], ... */
#define NVS_EGET(e, f)	((((unsigned int)(e)[NVS_WORD(f)]) >> (NVS_LO(f) % 32)) & NVS_MASK(f))
#define NVS_ETEST(e, f)	(NVS_EGET(e, f) != 0)

#endif /* NVSCHED_REGS_FIELD_H */
