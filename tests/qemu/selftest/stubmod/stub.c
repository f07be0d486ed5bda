// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * QEMU harness self-test placeholder for nvsched.ko (tests/qemu/selftest).
 * NOT the real module.  With test_devices=VVVV:DDDD:BAR it maps BAR of every
 * matching PCI function (in bus order), decodes BOOT_0 into /proc/gpuN/chip
 * ("NAME 0xCHIPID arch", CONTRACTS.md section 6), writes a marker word at
 * STUB_MARK_OFF so the host can check guest->host writes, and with
 * warn_on_load=1 triggers a WARN (harness negative self-test).
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/io.h>

#define STUB_MAX 64
#define STUB_MARK_OFF 0xffff0u
#define STUB_MARK_VAL 0x5354554bu	/* "STUB" */

static char *test_devices;
module_param(test_devices, charp, 0444);
MODULE_PARM_DESC(test_devices, "VVVV:DDDD:BAR of test devices (ivshmem)");
static bool warn_on_load;
module_param(warn_on_load, bool, 0444);

struct stub_gpu {
	struct pci_dev *pdev;
	void __iomem *regs;
	u32 boot0;
	struct proc_dir_entry *dir;
};
static struct stub_gpu gpus[STUB_MAX];
static int ngpus;

static const struct { u32 id; const char *name, *arch; } chips[] = {
	{ 0x0e4, "GK104", "kepler" }, { 0x117, "GM107", "maxwell" },
	{ 0x124, "GM204", "maxwell" }, { 0x132, "GP102", "pascal" },
	{ 0x136, "GP106", "pascal" }, { 0x13b, "GP10B", "pascal" },
	{ 0x140, "GV100", "volta" }, { 0x15b, "GV11B", "volta" },
	{ 0x162, "TU102", "turing" }, { 0x164, "TU104", "turing" },
	{ 0x170, "GA100", "ampere" }, { 0x172, "GA102", "ampere" },
	{ 0x17b, "GA10B", "ampere" }, { 0x180, "GH100", "hopper" },
	{ 0x192, "AD102", "ada" }, { 0x1a0, "GB100", "blackwell" },
	{ 0x1b2, "GB202", "blackwell" },
};

static int chip_show(struct seq_file *m, void *v)
{
	struct stub_gpu *g = m->private;
	u32 id = (g->boot0 >> 20) & 0x1ff;
	const char *name = "unknown", *arch = "unknown";
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(chips); i++)
		if (chips[i].id == id) {
			name = chips[i].name;
			arch = chips[i].arch;
		}
	seq_printf(m, "%s 0x%x %s\n", name, id, arch);
	return 0;
}

static int pci_show(struct seq_file *m, void *v)
{
	struct stub_gpu *g = m->private;

	seq_printf(m, "%s\n", pci_name(g->pdev));
	return 0;
}

static void stub_cleanup(void)
{
	char name[16];

	while (ngpus > 0) {
		struct stub_gpu *g = &gpus[--ngpus];

		snprintf(name, sizeof(name), "gpu%d", ngpus);
		remove_proc_subtree(name, NULL);
		pci_iounmap(g->pdev, g->regs);
		pci_dev_put(g->pdev);
	}
}

static int __init stub_init(void)
{
	unsigned int ven, dev, bar;
	struct pci_dev *pdev = NULL;
	char name[16];

	WARN_ON(warn_on_load);
	if (!test_devices || sscanf(test_devices, "%x:%x:%u", &ven, &dev, &bar) != 3 || bar > 5)
		return -EINVAL;
	while ((pdev = pci_get_device(ven, dev, pdev)) && ngpus < STUB_MAX) {
		struct stub_gpu *g = &gpus[ngpus];

		if (pci_enable_device_mem(pdev))
			continue;
		g->regs = pci_iomap(pdev, bar, 0);
		if (!g->regs)
			continue;
		g->pdev = pci_dev_get(pdev);
		g->boot0 = ioread32(g->regs);
		iowrite32(STUB_MARK_VAL, g->regs + STUB_MARK_OFF);
		snprintf(name, sizeof(name), "gpu%d", ngpus);
		g->dir = proc_mkdir(name, NULL);
		ngpus++;
		if (!g->dir ||
		    !proc_create_single_data("chip", 0444, g->dir, chip_show, g) ||
		    !proc_create_single_data("pci", 0444, g->dir, pci_show, g)) {
			pci_dev_put(pdev);
			stub_cleanup();
			return -ENOMEM;
		}
		pr_info("nvsched-stub: gpu%d %s BOOT_0=0x%08x\n", ngpus - 1, pci_name(pdev), g->boot0);
	}
	pci_dev_put(pdev);
	return ngpus ? 0 : -ENODEV;
}

static void __exit stub_exit(void)
{
	stub_cleanup();
}

module_init(stub_init);
module_exit(stub_exit);
MODULE_LICENSE("Dual MIT/GPL");
MODULE_DESCRIPTION("nvsched QEMU harness self-test placeholder");
