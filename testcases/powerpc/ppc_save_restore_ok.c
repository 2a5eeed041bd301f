// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc user_access_save()/restore() around kernel-only code
 * check-description: user_access_save() / user_access_restore() (prevent_user_access_return() / restore_user_access() on powerpc) bracket only a pr_debug(); both stores are made while the write region is open: nothing to report.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_pair2 {
	u32 a;
	u32 b;
};

int ppc_put_pair_logged(struct ppc_pair2 __user *p, u32 a, u32 b);
int ppc_put_pair_logged(struct ppc_pair2 __user *p, u32 a, u32 b)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	flags = user_access_save();
	pr_debug("ppc uacheck: storing %u\n", b);
	user_access_restore(flags);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_put_pair_logged);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: user_access_save()/restore() around kernel-only code");
