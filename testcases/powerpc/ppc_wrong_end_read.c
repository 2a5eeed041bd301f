// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc read region closed by the write end
 * check-description: user_write_access_end() is prevent_current_write_to_user(), prevent_user_access(KUAP_WRITE): it does not end the read access that user_read_access_begin() (allow_read_from_user()) opened, so the pairing the API requires is broken; reported at the wrong end with the begin as the region opened. (No 6.12 KUAP leaves reads open after it: book3s/64, 8xx and booke block everything at any end, book3s/32 never blocks reads; the write-side twin, ppc_wrong_end_write, is the one that leaks.)
 * check-level: 0
 *
 * check-output-start
ppc_wrong_end_read.c:30:9: warning: user_write_access_end() does not close the region opened by user_read_access_begin() [-Wuaccess-region]
ppc_wrong_end_read.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_req {
	u32 kind;
	u32 val;
};

int ppc_read_req_badend(const struct ppc_req __user *p, u32 *kind, u32 *val);
int ppc_read_req_badend(const struct ppc_req __user *p, u32 *kind, u32 *val)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*kind, &p->kind, efault);
	unsafe_get_user(*val, &p->val, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_read_req_badend);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: read region closed by the write end");
