// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() on a symbol array checked by access_ok()
 * check-description: The look-alike of family_kprobe_syms.c as d5dc200c3a3f ("bpf: Add missing access_ok call to copy_user_syms") left copy_user_syms(): the helper checks the whole array with access_ok(usyms, cnt * sizeof(*usyms)) before the loop, so every __get_user() of usyms + i (i < cnt) is inside the checked bytes.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_KSYM_LEN	64
#define UC_KSYM_MAX	32

struct uc_kmulti_ok_attr {
	__u64 syms;
	__u32 cnt;
	__u32 flags;
};

struct uc_ksyms {
	char *buf;
	u32 cnt;
};

static int uc_kmulti_ok_copy_syms(struct uc_ksyms *ks, unsigned long __user *usyms,
				  u32 cnt)
{
	unsigned long addr;
	char *buf, *p;
	long len;
	u32 i;

	if (!access_ok(usyms, cnt * sizeof(*usyms)))
		return -EFAULT;

	buf = kcalloc(cnt, UC_KSYM_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	for (p = buf, i = 0; i < cnt; i++, p += UC_KSYM_LEN) {
		if (__get_user(addr, usyms + i))
			goto efault;
		len = strncpy_from_user(p, (const char __user *)addr, UC_KSYM_LEN);
		if (len < 0 || len == UC_KSYM_LEN)
			goto efault;
	}
	ks->buf = buf;
	ks->cnt = cnt;
	return 0;
efault:
	kfree(buf);
	return -EFAULT;
}

int uc_kmulti_ok_attach(const struct uc_kmulti_ok_attr *attr, struct uc_ksyms *ks);
int uc_kmulti_ok_attach(const struct uc_kmulti_ok_attr *attr, struct uc_ksyms *ks)
{
	unsigned long __user *usyms = u64_to_user_ptr(attr->syms);

	if (!usyms || !attr->cnt || attr->cnt > UC_KSYM_MAX)
		return -EINVAL;
	return uc_kmulti_ok_copy_syms(ks, usyms, attr->cnt);
}
EXPORT_SYMBOL_GPL(uc_kmulti_ok_attach);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __get_user() on a symbol array checked by access_ok()");
